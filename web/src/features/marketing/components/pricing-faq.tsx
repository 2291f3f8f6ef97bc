import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import { useHydrated } from "@/lib/use-hydrated";
import { pricingFaq } from "../lib/pricing-faq";

export function PricingFaq() {
  // Drawn before its code loads: a press then would do nothing, so it reads as not ready yet.
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl">
      <h2
        id="faq-title"
        className="text-center text-2xl font-semibold tracking-tight text-gray-950 sm:text-3xl"
      >
        Frequently asked questions
      </h2>
      <Accordion.Root
        type="single"
        collapsible
        disabled={!hydrated}
        className="mt-10 divide-y divide-gray-200 border-y border-gray-200"
      >
        {pricingFaq.map((item) => (
          <Accordion.Item key={item.question} value={item.question}>
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-md py-5 text-left text-base font-medium text-gray-950 hover:text-brand-800">
                  {item.question}
                  <ChevronDown
                    className="size-5 shrink-0 text-gray-500 transition-transform duration-200 group-data-[state=open]:rotate-180"
                    aria-hidden
                  />
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="pb-5 text-sm text-gray-600">
              <p className="max-w-2xl">{item.answer}</p>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
