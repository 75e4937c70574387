// The links a booking's holder is mailed (issue 23, issue 39): the signed cancel link, and an online class date's own
// join link (a random token, never the meeting room it leads to).
import type { EventRegistration } from "@db/schema.ts";
import { randomToken } from "@server/lib/secrets.ts";
import type { Signer } from "@server/lib/signer.ts";
import { registrationCancelPath } from "@server/shared/registration-links.ts";

/** The cancel link of one registration, signed with the server's key over its id and address. */
export function registrationLinks(signer: Signer, siteUrl: string) {
  const links = signer.for("registration");
  const signed = (registration: Pick<EventRegistration, "id" | "email">) => `cancel:${registration.id}:${registration.email}`;
  return {
    cancelUrl: (registration: Pick<EventRegistration, "id" | "email">) =>
      `${siteUrl}${registrationCancelPath(registration.id, links.sign(signed(registration)))}`,
    verify: (registration: Pick<EventRegistration, "id" | "email">, token: string) =>
      links.verify(signed(registration), token) || signer.verifyUnderived(`registration:${signed(registration)}`, token),
    /** A booking's own join link (issue 39): its random token, never the meeting room it leads to. */
    joinUrl: (joinToken: string) => `${siteUrl}/join/${joinToken}`,
  };
}

/** From 15 minutes before the start until the end, a join link leads into the class. */
export const JOIN_OPENS_MS = 15 * 60_000;
export const newJoinToken = () => randomToken();

/** Where a join link leads now: in, not yet (from when), or nowhere any more (why). */
export type JoinAnswer = { kind: "open"; url: string } | { kind: "early"; opensAt: Date } | { kind: "gone"; message: string };
export type RegistrationLinks = ReturnType<typeof registrationLinks>;
