// A real SMTP server for tests (smtp-server, from the Nodemailer project): it keeps what arrives, read with mailparser.
// `reject` answers the next mails with a chosen SMTP reply, to test temporary (4xx) and permanent (5xx) failures.
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

type Received = ParsedMail & { envelopeTo: string[]; raw: string };
type Rejection = { code: number; message: string; times: number };

export async function startSmtpServer() {
  const received: Received[] = [];
  let rejection: Rejection | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (rejection && rejection.times > 0) {
          rejection.times -= 1;
          return callback(Object.assign(new Error(rejection.message), { responseCode: rejection.code }));
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = await simpleParser(raw);
        received.push(Object.assign(mail, { raw, envelopeTo: session.envelope.rcptTo.map((to) => to.address) }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** Answers the next `times` mails with `code message` (e.g. 451 or 550). */
    reject(code: number, message: string, times = 1) {
      rejection = { code, message, times };
    },
    /** Waits until `count` mails have arrived. */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await Bun.sleep(20);
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
