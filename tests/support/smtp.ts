// A real SMTP server for tests (smtp-server, from the Nodemailer project): it keeps what arrives, read with mailparser.
// `reject` answers the next mails with a chosen SMTP reply, to test temporary (4xx) and permanent (5xx) failures;
// `leaveUnanswered` keeps a mail without ever acknowledging it, so that a sender killed then has it in flight.
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

type Received = ParsedMail & { envelopeTo: string[]; raw: string };
type Rejection = { code: number; message: string; times: number };

export async function startSmtpServer() {
  const received: Received[] = [];
  let rejection: Rejection | undefined;
  let unansweredCount: number | undefined;
  const server = new SMTPServer({
    authOptional: true,
    // A sender with credentials (SMTP_URL's user:pass) is let in, over plain text: loopback only.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
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
        if (received.length !== unansweredCount) callback();
      });
    },
  });
  // A sender killed with kill -9 in the middle of a transaction resets its connection; smtp-server reports that as an
  // 'error' event, which without a listener would throw in the test. What arrived in full is kept all the same.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
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
    /** Keeps the `nth` next mail but never answers it: its sender waits for the answer (until it is killed). */
    leaveUnanswered(nth: number) {
      unansweredCount = received.length + nth;
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
