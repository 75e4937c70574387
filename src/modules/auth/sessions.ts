// Server-side sessions on the `devices` table: one row per browser that signed in, signed in while it holds a session.

import type { Db } from "@db/client.ts";
import { devices } from "@db/schema.ts";
import { randomToken } from "@server/lib/secrets.ts";
import { and, eq, gt, isNotNull, lt, ne, sql } from "drizzle-orm";

/** How long a sign-in lasts (the token's lifetime too). */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** A device not seen for a year is forgotten: its cookie no longer spares it the code. */
const DEVICE_KEPT_MS = 365 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` and the address are written at most once a minute per device, not on every call. */
const TOUCH_EVERY_MS = 60_000;

const randomId = () => randomToken(18);

/** Where a request comes from, as the devices list shows it. */
export type Origin = { ip: string; userAgent: string };

/** A signed-in request: the user, the device row, its session and when it last proved who it is (a password or a passkey). */
export type Session = { userId: number; deviceId: string; sessionId: string; provedAt: string | null };

export function createSessions(db: Db, now: () => Date) {
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const bySession = db
    .select({ userId: devices.userId, deviceId: devices.id, lastSeenAt: devices.lastSeenAt, ip: devices.ip, provedAt: devices.provedAt })
    .from(devices)
    .where(and(eq(devices.sessionId, sql.placeholder("sessionId")), gt(devices.sessionExpiresAt, sql.placeholder("now"))))
    .prepare();
  const touch = db
    .update(devices)
    .set({ lastSeenAt: sql`${sql.placeholder("now")}`, ip: sql`${sql.placeholder("ip")}` })
    .where(eq(devices.id, sql.placeholder("id")))
    .prepare();

  return {
    /** Whether `deviceId` is a device `userId` signed in from (and has not been signed out of or forgotten). */
    knows(userId: number, deviceId: string): boolean {
      return !!db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
        .get();
    },

    /**
     * Signs `userId` in on a known device (a new session on its row) or on a new one; answers the session. Every sign-in
     * took a password or a passkey: the session starts proved.
     */
    start(userId: number, knownDevice: string | null, origin: Origin): Session {
      const sessionId = randomId();
      const at = iso();
      const values = {
        sessionId,
        sessionExpiresAt: iso(SESSION_LIFETIME_MS),
        provedAt: at,
        lastSeenAt: at,
        ip: origin.ip,
        userAgent: origin.userAgent.slice(0, 400),
      };
      db.transaction((tx) => {
        tx.update(devices).set({ sessionId: null, sessionExpiresAt: null }).where(lt(devices.sessionExpiresAt, at)).run();
        tx.delete(devices)
          .where(lt(devices.lastSeenAt, iso(-DEVICE_KEPT_MS)))
          .run();
      });
      if (knownDevice && this.knows(userId, knownDevice)) {
        db.update(devices).set(values).where(eq(devices.id, knownDevice)).run();
        return { userId, deviceId: knownDevice, sessionId, provedAt: at };
      }
      const deviceId = randomId();
      db.insert(devices)
        .values({ id: deviceId, userId, createdAt: at, ...values })
        .run();
      return { userId, deviceId, sessionId, provedAt: at };
    },

    /** Notes that this session proved who it is again ('Confirm it's you'). */
    prove(sessionId: string) {
      db.update(devices).set({ provedAt: iso() }).where(eq(devices.sessionId, sessionId)).run();
    },

    /** The live session `sessionId` names, or undefined; notes when and from where the device was last seen. */
    find(sessionId: string, ip: string): Session | undefined {
      const row = bySession.get({ sessionId, now: iso() });
      if (!row) return undefined;
      if (row.ip !== ip || Date.parse(row.lastSeenAt) < now().getTime() - TOUCH_EVERY_MS) touch.run({ now: iso(), ip, id: row.deviceId });
      return { userId: row.userId, deviceId: row.deviceId, sessionId, provedAt: row.provedAt };
    },

    /** The devices signed in now, last seen first. */
    list(userId: number) {
      return db
        .select({ id: devices.id, userAgent: devices.userAgent, ip: devices.ip, firstSeen: devices.createdAt, lastSeen: devices.lastSeenAt })
        .from(devices)
        .where(and(eq(devices.userId, userId), isNotNull(devices.sessionId), gt(devices.sessionExpiresAt, iso())))
        .orderBy(sql`${devices.lastSeenAt} desc`)
        .all();
    },

    /** Ends this device's session; the device stays known (logging out is not forgetting). */
    end(sessionId: string) {
      db.update(devices).set({ sessionId: null, sessionExpiresAt: null }).where(eq(devices.sessionId, sessionId)).run();
    },

    /** Signs a device out and forgets it: its next sign-in counts as a new device. */
    forget(userId: number, deviceId: string) {
      db.delete(devices)
        .where(and(eq(devices.userId, userId), eq(devices.id, deviceId)))
        .run();
    },

    /** Signs out every device of `userId` but `keep`, and forgets them all but `keep`. */
    forgetAll(userId: number, keep?: string) {
      db.delete(devices)
        .where(keep ? and(eq(devices.userId, userId), ne(devices.id, keep)) : eq(devices.userId, userId))
        .run();
    },

    /** Ends every session of `userId` (the devices stay known): a new password or `reset-admin-password`. */
    endAll(userId: number) {
      db.update(devices).set({ sessionId: null, sessionExpiresAt: null }).where(eq(devices.userId, userId)).run();
    },
  };
}
