import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver whose rules (zod and the contract's schemas, a third of a small page's
 * JavaScript) load when the form is first checked, on submit, rather than with the page.
 * `load` is asked once; call `preload` when the reader starts on the form to have it ready.
 */
export function lazyResolver<TValues extends FieldValues, TOutput = TValues>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): Resolver<TValues, unknown, TOutput> & { preload: () => void } {
  let loaded: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  const get = () => {
    loaded ??= load();
    return loaded;
  };
  const resolver = (async (values, context, options) =>
    (await get())(values, context, options)) as Resolver<TValues, unknown, TOutput> & {
    preload: () => void;
  };
  resolver.preload = () => void get();
  return resolver;
}
