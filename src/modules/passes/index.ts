// Issue 40's routes for passes: the ones on sale (buying one is a payment: src/modules/payments); the admin's products, 'Add a pass' at the door, a
// credit given back or a pass extended (with a note, in the activity log), 'Import passes', and the books.
import type { ModuleContext } from "@server/context.ts";
import { answers, deleted } from "@server/lib/answers.ts";
import { idParam, standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { passSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { object, optional } from "superstruct";
import { importPasses } from "./import.ts";
import {
  addPassSchema,
  adjustPassSchema,
  imported,
  importSchema,
  owedAnswer,
  passAnswer,
  passList,
  passPatchSchema,
  publicPassList,
  studentPassAnswer,
  studentPassList,
} from "./model.ts";
import { createPasses } from "./service.ts";

export { seedPasses } from "./seed.ts";
export type { Passes } from "./service.ts";
export { createPasses };

const issuedQuery = object({ email: optional(addPassSchema.schema.email) });

export function passesModule(ctx: ModuleContext<"passes" | "payments">) {
  const { passes, payments } = ctx.services;
  const params = idParam("Pass not found");
  const changed = <T>(value: T) => {
    ctx.cache.invalidate();
    return value;
  };
  return new Elysia({ name: "passes", prefix: "/api" })
    .use(ctx.access)
    .get("/passes", cachedRead(ctx.cache, publicPassList, passes.onSale), { response: answers(publicPassList) })
    .group("/admin/passes", { admin: true }, (admin) =>
      admin
        .get("", () => passes.products(), { response: answers(passList) })
        .post("", ({ body, status }) => changed(status(201, passes.create(body))), { body: standard(passSchema), response: answers(passAnswer, 201) })
        .patch("/:id", ({ params, body }) => changed(passes.update(params.id, body)), {
          params,
          body: standard(passPatchSchema),
          response: answers(passAnswer),
        })
        .delete("/:id", ({ params }) => changed(passes.remove(params.id)), { params, response: answers(deleted) })
        .get("/issued", ({ query }) => passes.issued(query.email), { query: standard(issuedQuery), response: answers(studentPassList) })
        // 'Add a pass': one sold at the door, its payment on the Money tab, in one transaction.
        .post(
          "/issued",
          ({ body, status }) => {
            const product = body.passId ? passes.product(body.passId) : undefined;
            const title = product?.name ?? `${body.credits}-class pass`;
            const pass = ctx.db.transaction(
              () => {
                const payment = payments.recordAtDoor({
                  description: `${title} (at the door)`,
                  name: body.name,
                  email: body.email,
                  amount: body.amount,
                  passId: product?.id ?? null,
                });
                return passes.issue({
                  passId: product?.id ?? null,
                  email: body.email,
                  name: body.name,
                  title,
                  credits: body.credits,
                  classIds: product?.classIds ?? null,
                  expiresAt: passes.endOfDay(body.expires).toISOString(),
                  price: body.amount,
                  source: "door",
                  paymentId: payment.id,
                });
              },
              { behavior: "immediate" },
            );
            return status(201, pass);
          },
          { body: standard(addPassSchema), response: answers(studentPassAnswer, 201) },
        )
        .post("/issued/:id/adjust", ({ params, body }) => passes.adjust(params.id, body), {
          params,
          body: standard(adjustPassSchema),
          response: answers(studentPassAnswer),
        })
        .post("/import", ({ body }) => importPasses(ctx.db, passes, body.csv, ctx.config.timezone, ctx.now()), {
          body: standard(importSchema),
          response: answers(imported),
        })
        .get("/owed", () => ({ ...passes.owed(), currency: ctx.config.payments.currency }), { response: answers(owedAnswer) }),
    );
}
