// A real S3 server for the tests: s3rver, run under Node (under Bun its listing is broken; Node 17+ needs the legacy
// OpenSSL provider for its MD5 ETags) on a free loopback port, with the key and secret `S3RVER` and one bucket.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, ROOT } from "@tests/server.ts";

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the site at this server. */
  env: Record<string, string>;
  client: Bun.S3Client;
  stop: () => Promise<void>;
};

const SCRIPT = `
const S3rver = require("s3rver");
const [port, directory, bucket] = process.argv.slice(1);
new S3rver({ port: Number(port), address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: bucket }] })
  .run()
  .then(() => console.log("s3rver ready"), (error) => { console.error(error); process.exit(1); });
`;

export async function startS3(bucket = "site-backups"): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "vedanta-s3-"));
  const port = freePort();
  const child = Bun.spawn(["node", "--openssl-legacy-provider", "-e", SCRIPT, String(port), directory, bucket], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = child.stdout.getReader();
  let output = "";
  const deadline = Date.now() + 15_000;
  while (!output.includes("s3rver ready")) {
    const { value, done } = await Promise.race([reader.read(), Bun.sleep(15_000).then(() => ({ value: undefined, done: true }))]);
    if (done || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`s3rver did not start: ${output}${await new Response(child.stderr).text()}`);
    }
    output += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };
  const client = new Bun.S3Client({ bucket, endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
  return {
    endpoint,
    bucket,
    env,
    client,
    stop: async () => {
      child.kill("SIGTERM");
      await child.exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Every key in the bucket under `prefix`. */
export async function listKeys(client: Bun.S3Client, prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  let continuationToken: string | undefined;
  do {
    const page = await client.list({ prefix, continuationToken });
    for (const item of page.contents ?? []) keys.push(item.key);
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (continuationToken);
  return keys.sort();
}
