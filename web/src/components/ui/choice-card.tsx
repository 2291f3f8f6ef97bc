import { cn } from "@/lib/cn";

interface ChoiceCardProps {
  id: string;
  name: string;
  value: string;
  label: string;
  hint: string;
  isChosen: boolean;
  onChoose: () => void;
}

/** One radio option drawn as a card: its label, and a hint the radio is described by. */
function ChoiceCard({ id, name, value, label, hint, isChosen, onChoose }: ChoiceCardProps) {
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
        isChosen ? "border-brand-600 bg-brand-50" : "border-gray-200 hover:bg-gray-50",
      )}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={isChosen}
        onChange={onChoose}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
      />
      <span>
        <span className="block text-sm font-medium text-gray-950">{label}</span>
        <span id={`${id}-hint`} className="mt-0.5 block text-sm text-gray-600">
          {hint}
        </span>
      </span>
    </label>
  );
}

/** A radio group drawn as cards, one a choice; `name` also prefixes each radio's id. */
export function ChoiceCards<T extends string>({
  name,
  choices,
  chosen,
  onChoose,
}: {
  name: string;
  choices: ReadonlyArray<{ value: T; label: string; hint: string }>;
  chosen: T;
  onChoose: (value: T) => void;
}) {
  return choices.map((option) => (
    <ChoiceCard
      key={option.value}
      id={`${name}-${option.value}`}
      name={name}
      value={option.value}
      label={option.label}
      hint={option.hint}
      isChosen={chosen === option.value}
      onChoose={() => onChoose(option.value)}
    />
  ));
}
