// Login (spec §7): the answer's token is checked by the login card.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api.ts";

export const useLogin = () =>
  useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      apiRequest<{ token?: unknown } | null>("POST", "/api/admin/login", { body: credentials }),
  });
