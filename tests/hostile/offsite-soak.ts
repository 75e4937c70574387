// `SOAK_ONLY=offsite bun run soak` (issue 30): uploads written through real HTTP to a server (bun src/main.ts) while
// its off-site copies run to a real S3 server (s3rver, loopback), encrypted with age, under Debian's `stress` on every
// core; each upload must be in a copy in the bucket within 60 s of its acknowledgement. Bounded: the uploads take
// about a minute, then at most 60 s of waiting; `stress` stops by itself (--timeout) and is stopped at the end.
import { availableParallelism } from "node:os";
import { startServer } from "@tests/server.ts";
import { listKeys, startS3 } from "@tests/support/s3.ts";
import { Decrypter, generateX25519Identity, identityToRecipient } from "age-encryption";

const DEADLINE_MS = 60_000;
const PASSWORD = "soak-admin-password";
const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"));

/** Runs the phase; answers its failures (none when every upload was in the bucket in time). */
export async function offsiteUploadsSoak(uploads: number): Promise<string[]> {
  const cores = availableParallelism();
  const spacingMs = 250;
  const stressSeconds = Math.ceil((uploads * spacingMs + DEADLINE_MS) / 1000) + 30;
  console.log(`\n=== off-site: ${uploads} uploads through HTTP while copies run, each in the bucket within 60 s, under stress on ${cores} cores`);
  const failures: string[] = [];
  const s3 = await startS3();
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  const server = await startServer({ env: { ADMIN_PASSWORD: PASSWORD, ...s3.env, BACKUP_S3_PREFIX: "soak/", BACKUP_AGE_RECIPIENT: recipient } });
  const stress = Bun.which("stress")
    ? Bun.spawn(["stress", "--cpu", String(cores), "--timeout", `${stressSeconds}s`], { stdout: "ignore", stderr: "ignore" })
    : null;
  if (!stress) console.log("  stress is not installed (apt-get install stress): the uploads run without the extra load");
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const decrypter = new Decrypter();
    decrypter.addIdentity(identity);
    const copiedAt = new Map<string, number>();
    const copies = new Set<string>();
    /** Marks the uploads of the newest copy as copied now (uploads are never removed: it holds all copied so far). */
    const look = async () => {
      const newest = (await listKeys(s3.client, "soak/manifests/")).at(-1);
      if (!newest || copies.has(newest)) return;
      copies.add(newest);
      const manifest = JSON.parse(await decrypter.decrypt(await s3.client.file(newest).bytes(), "text")) as { uploads: { name: string }[] };
      for (const upload of manifest.uploads) if (!copiedAt.has(upload.name)) copiedAt.set(upload.name, Date.now());
    };
    const acknowledged = new Map<string, number>();
    for (let index = 0; index < uploads; index += 1) {
      // Each file is a new one (a random tail after the image), so every copy has objects to send.
      const bytes = new Uint8Array(PNG.length + 16 * 1024);
      bytes.set(PNG);
      crypto.getRandomValues(bytes.subarray(PNG.length));
      const form = new FormData();
      form.append("image", new File([bytes], `photo-${index}.png`, { type: "image/png" }));
      const answer = await fetch(`${server.url}/api/admin/uploads/image`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      if (answer.status !== 200) throw new Error(`upload ${index}: ${answer.status} ${await answer.text()}`);
      acknowledged.set(((await answer.json()) as { url: string }).url.replace("/uploads/", ""), Date.now());
      if (index % 10 === 0) {
        await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            name: "Soak Visitor",
            email: "soak@example.org",
            subject: `Message ${index}`,
            message: "Sent while uploads are copied.",
          }),
        });
      }
      await look();
      await Bun.sleep(spacingMs * (0.5 + Math.random()));
    }
    const lastAcknowledged = Math.max(...acknowledged.values());
    while ([...acknowledged.keys()].some((name) => !copiedAt.has(name)) && Date.now() - lastAcknowledged < DEADLINE_MS) {
      await look();
      await Bun.sleep(250);
    }
    const delays = [...acknowledged].flatMap(([name, at]) => (copiedAt.has(name) ? [(copiedAt.get(name)! - at) / 1000] : [])).sort((a, b) => a - b);
    const late = [...acknowledged].filter(([name, at]) => (copiedAt.get(name) ?? Number.POSITIVE_INFINITY) - at >= DEADLINE_MS);
    const dashed = [...acknowledged.keys()].filter((name) => name.startsWith("-")).length;
    console.log(
      `  [figure] ${uploads} uploads (${dashed} named with a leading "-"), ${copies.size} copies seen; acknowledged to in the bucket: ` +
        `median ${delays[Math.floor(delays.length / 2)]?.toFixed(1)} s, max ${delays.at(-1)?.toFixed(1)} s of those copied; late or missing: ${late.length}`,
    );
    if (late.length) failures.push(`offsite: ${late.length} uploads not in the bucket within 60 s (${late.map(([name]) => name).join(", ")})`);
  } finally {
    stress?.kill();
    await stress?.exited;
    await server.stop();
    server.remove();
    await s3.stop();
  }
  return failures;
}
