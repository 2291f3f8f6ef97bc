import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

interface ReceivedEmail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  /** For SMTP_URL. */
  url: string;
  received: ReceivedEmail[];
  /** Stops accepting connections, as a mail server that is down. */
  goDown(): Promise<void>;
  comeUp(): Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on a local port; what arrives is parsed as MIME, as a mail client would. */
export async function startSmtpSink(
  options: {
    /** Holds each message this long before accepting it, so a sender can die mid-send. */
    acceptDelayMs?: number;
  } = {},
): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then(async (mail) => {
            if (options.acceptDelayMs) {
              await new Promise((r) => setTimeout(r, options.acceptDelayMs));
            }
            const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
            received.push({
              messageId: mail.messageId ?? "",
              from: mail.from?.text ?? "",
              to: to.flatMap((a) => a.value.map((v) => v.address ?? "")),
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
            });
            callback();
          })
          .catch(callback);
      },
    });
  let server = create();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () =>
        resolve((server.server.address() as AddressInfo).port),
      );
    });
  const port = await listen(0);
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    goDown: stop,
    async comeUp() {
      server = create();
      await listen(port);
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} e-mails, got ${received.length} in ${timeoutMs} ms`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: stop,
  };
}
