// A real SMTP server for tests (smtp-server, from the Nodemailer project): it keeps what arrives, read with mailparser.
// It offers STARTTLS, as a provider's port 587 does, with a self-signed certificate for 127.0.0.1 made once per test
// process, which that process and the servers it starts trust the documented way: Node's tls.setDefaultCACertificates
// here, NODE_EXTRA_CA_CERTS in the environment the servers inherit. With `tls: false` it offers no STARTTLS and takes
// AUTH in clear, as a local relay (SMTP_URL's ?tls=off) or a hostile server does; `auths` keeps what AUTH got.
// `reject` answers the next mails with a chosen SMTP reply, to test temporary (4xx) and permanent (5xx) failures;
// `leaveUnanswered` keeps a mail without ever acknowledging it, so that a sender killed then has it in flight.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getCACertificates, setDefaultCACertificates } from "node:tls";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { selfSignedCertificate } from "./pebble.ts";

type Received = ParsedMail & { envelopeTo: string[]; raw: string; overTls: boolean };
type Rejection = { code: number; message: string; times: number };

let certificate: { cert: string; key: string } | undefined;
/** The servers' certificate, made and trusted on first use. */
function trustedCertificate() {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), "vedanta-smtp-tls-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  selfSignedCertificate({ dir, subject: "/CN=127.0.0.1", altNames: "IP:127.0.0.1", days: 2 });
  certificate = { cert: readFileSync(join(dir, "cert.pem"), "utf8"), key: readFileSync(join(dir, "key.pem"), "utf8") };
  setDefaultCACertificates([...getCACertificates("default"), certificate.cert]);
  process.env.NODE_EXTRA_CA_CERTS = join(dir, "cert.pem");
  return certificate;
}

export async function startSmtpServer(options: { tls?: boolean } = {}) {
  const tls = options.tls ?? true;
  const received: Received[] = [];
  const auths: { username: string; password: string }[] = [];
  let rejection: Rejection | undefined;
  let unansweredCount: number | undefined;
  const server = new SMTPServer({
    authOptional: true,
    ...(tls ? trustedCertificate() : { disabledCommands: ["STARTTLS"], allowInsecureAuth: true }),
    onAuth: (auth, _session, callback) => {
      auths.push({ username: auth.username ?? "", password: auth.password ?? "" });
      callback(null, { user: auth.username });
    },
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
        received.push(Object.assign(mail, { raw, envelopeTo: session.envelope.rcptTo.map((to) => to.address), overTls: session.secure }));
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
    auths,
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
