// Admin classes (spec §7): the list is the public GET /api/classes; writes refresh it.

import type { ClassInput } from "@server/shared/schemas.ts";
import type { Class } from "@server/shared/types.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@web/lib/api.ts";
import { classesQueryOptions } from "@web/lib/queries/classes.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";

/** The server's string error when it gave one, else the spec's fallback. */
const serverStringOr = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.serverMessage.trim() ? error.serverMessage : fallback;

export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<ClassInput>) => apiRequest<Class>("POST", "/api/admin/classes", { body: input }),
    onSuccess: async () => {
      notifySuccess("Class created successfully");
      await queryClient.invalidateQueries({ queryKey: classesQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, serverStringOr(error, "Failed to create class. Please check the console for details.")),
  });
}

export function useUpdateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<ClassInput> }) =>
      apiRequest<Class>("PATCH", `/api/admin/classes/${id}`, { body: changes }),
    onSuccess: async () => {
      notifySuccess("Class updated successfully");
      await queryClient.invalidateQueries({ queryKey: classesQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, serverStringOr(error, "Failed to update class. Please check the console for details.")),
  });
}

export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/admin/classes/${id}`),
    onSuccess: async () => {
      notifySuccess("Class deleted successfully");
      await queryClient.invalidateQueries({ queryKey: classesQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, "Failed to delete class"),
  });
}
