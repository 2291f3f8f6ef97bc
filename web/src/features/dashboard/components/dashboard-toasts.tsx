import { CheckCircle2, X, XCircle } from "lucide-react";
import { Toast } from "radix-ui";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { cn } from "@/lib/cn";

type ToastTone = "success" | "error";

interface ToastMessage {
  id: number;
  tone: ToastTone;
  title: string;
}

type Notify = (tone: ToastTone, title: string) => void;

const ToastContext = createContext<Notify | null>(null);

/**
 * Radix toasts for the end of a mutation (created, saved, activated...). Radix announces them
 * to screen readers, pauses on hover and lets Escape or a swipe dismiss them.
 */
export function DashboardToasts({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  const notify = useCallback<Notify>((tone, title) => {
    setMessages((current) => [
      ...current.slice(-2),
      { id: Date.now() + Math.random(), tone, title },
    ]);
  }, []);
  const dismiss = (id: number) => setMessages((current) => current.filter((m) => m.id !== id));
  const value = useMemo(() => notify, [notify]);

  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={4000} label="Notification">
        {children}
        {messages.map((message) => (
          <Toast.Root
            key={message.id}
            type={message.tone === "error" ? "foreground" : "background"}
            onOpenChange={(open) => !open && dismiss(message.id)}
            className={cn(
              "flex items-start gap-3 rounded-lg border bg-white px-4 py-3 text-sm shadow-lg",
              message.tone === "error" ? "border-red-200" : "border-brand-200",
            )}
          >
            {message.tone === "error" ? (
              <XCircle className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden />
            ) : (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            )}
            <Toast.Title className="flex-1 text-gray-900">{message.title}</Toast.Title>
            <Toast.Close
              aria-label="Dismiss notification"
              className="rounded p-0.5 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
            >
              <X className="size-4" aria-hidden />
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="fixed right-4 bottom-4 z-[60] flex w-[360px] max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** Outside the provider (a test rendering one card) a toast is simply dropped. */
export function useToast(): Notify {
  return useContext(ToastContext) ?? noop;
}

const noop: Notify = () => undefined;
