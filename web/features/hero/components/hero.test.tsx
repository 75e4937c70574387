// The hero's markup as the server sends it (issue 5): the portrait comes before the text, as a phone shows it, so a
// page painted while its HTML is still arriving is not shifted when the portrait's markup arrives.
import { expect, test } from "bun:test";
import { DEFAULT_PROFILE } from "@server/shared/constants.ts";
import type { PublicProfile } from "@web/lib/api-types.ts";
import { renderToString } from "react-dom/server";
import { Hero } from "./hero.tsx";

const profile: PublicProfile = {
  ...DEFAULT_PROFILE,
  id: 1,
  updatedAt: "",
  name: "Swami Test",
  profileImage: "/uploads/me.jpg",
  timezone: "Australia/Melbourne",
  classBookingWeeks: 8,
  payments: { enabled: false, currency: "aud" },
};

test("the portrait precedes the name and the biography in the markup; on a desktop each has its own cell, text first", () => {
  const html = renderToString(<Hero profile={profile} isPending={false} onNavigate={() => {}} />);
  const portrait = html.indexOf('data-testid="profile-image"');
  expect(portrait).toBeGreaterThan(0);
  expect(portrait).toBeLessThan(html.indexOf("<h1"));
  expect(html).toContain('src="/uploads/me.jpg" srcSet="/uploads/me.jpg?w=320 320w,');
  expect(html).toMatch(/class="md:grid-c_2 md:grid-r_1 [^"]*"/);
  expect(html).toContain('class="md:grid-c_1 md:grid-r_1"');
});
