import type { PublicProfile } from "@server/shared/types.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "../api.ts";

const getProfile = () => getJson<PublicProfile>("/api/profile");

export const profileQueryOptions = () => queryOptions({ queryKey: ["/api/profile"], queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
