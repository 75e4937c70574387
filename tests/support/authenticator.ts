// A software passkey for API tests: what a platform authenticator (ES256, resident key, user verified, "none"
// attestation) answers a site's registration and sign-in options. The browser tests use Chromium's virtual
// authenticator instead (tests/e2e/passkeys.e2e.test.ts).
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();
const UP = 0x01;
const UP_UV = 0x05;
const ATTESTED = 0x40;

export function createAuthenticator(siteUrl: string) {
  const origin = new URL(siteUrl).origin;
  const rpIdHash = sha256(new URL(siteUrl).hostname);
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  const id = base64url(credentialId);
  let counter = 0;
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authenticatorData = (flags: number, attested: Uint8Array = new Uint8Array()) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, attested]);
  };

  return {
    id,

    /** The answer to registration options: the new credential with its public key. */
    register(options: { challenge: string }) {
      const coseKey = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x ?? "", "base64url")],
          [-3, Buffer.from(jwk.y ?? "", "base64url")],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = authenticatorData(UP_UV | ATTESTED, Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]));
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        response: { clientDataJSON: base64url(clientData("webauthn.create", options.challenge)), attestationObject: base64url(attestationObject) },
        clientExtensionResults: {},
      };
    },

    /**
     * The answer to sign-in options: an assertion signed with the credential's private key; `userVerified: false` as a
     * security key without a PIN answers (present, not verified).
     */
    assert(options: { challenge: string }, { userVerified = true } = {}) {
      counter += 1;
      const authData = authenticatorData(userVerified ? UP_UV : UP);
      const data = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: { clientDataJSON: base64url(data), authenticatorData: base64url(authData), signature: base64url(signature) },
        clientExtensionResults: {},
      };
    },
  };
}
