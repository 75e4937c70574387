// The login card 'Admin Login' (spec §2.2, §5, §8). Enter submits from either field; errors show inline and as toasts.

import { DEFAULT_USERNAME } from "@server/shared/constants.ts";
import { loginSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { ApiError } from "@web/lib/api.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { useState } from "react";
import { storeAdminToken } from "../shared/session.ts";
import { useLogin } from "./api.ts";

type LoginValues = { username: string; password: string };

export function LoginCard({ onLoggedIn, notice }: { onLoggedIn: () => void; notice?: string | null }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaResolvedForm<LoginValues, LoginValues>(loginSchema, { username: DEFAULT_USERNAME, password: "" });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await login.mutateAsync(values);
      if (!answer || typeof answer.token !== "string" || !answer.token) {
        setServerError("Login failed: Invalid response format");
        toast({ title: "Login failed", description: "Server returned an invalid response", variant: "destructive" });
        return;
      }
      storeAdminToken(answer.token);
      toast({ title: "Login successful", description: `You are now logged in as ${values.username}` });
      onLoggedIn();
    } catch (error) {
      const message = (error instanceof ApiError && error.serverMessage) || "Invalid credentials";
      setServerError(message);
      toast({ title: "Login failed", description: message, variant: "destructive" });
    }
  });

  return (
    <div className={css({ minH: "100dvh", display: "flex", alignItems: "center", justifyContent: "center", p: "4" })}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="admin-login-title"
        className={css({
          w: "full",
          maxW: "md",
          bg: "surface",
          borderRadius: "card",
          boxShadow: "card",
          p: { base: "6", md: "8" },
          display: "flex",
          flexDirection: "column",
          gap: "5",
        })}
      >
        <h1 id="admin-login-title" className={css({ fontSize: "3xl", fontWeight: "600", textAlign: "center" })}>
          Admin Login
        </h1>
        {notice && (
          <p role="status" className={css({ bg: "accent.soft", color: "accent.strong", borderRadius: "control", px: "3", py: "2", fontSize: "sm" })}>
            {notice}
          </p>
        )}
        <Field label="Username" error={errors.username?.message}>
          {(id, describedBy) => (
            <Input id={id} autoComplete="username" aria-describedby={describedBy} aria-invalid={!!errors.username} {...register("username")} />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(id, describedBy) => (
            <Input
              id={id}
              type="password"
              autoComplete="current-password"
              autoFocus
              aria-describedby={describedBy}
              aria-invalid={!!errors.password}
              {...register("password")}
            />
          )}
        </Field>
        {serverError && (
          <p role="alert" className={css({ color: "danger", fontSize: "sm" })}>
            {serverError}
          </p>
        )}
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? "Logging in..." : "Login"}
        </Button>
      </form>
    </div>
  );
}
