import type { PublicProfile } from "../../../src/shared/types.ts";
import { getJson } from "../../lib/api.ts";
import { queryOptions, useQuery } from "../../lib/query.ts";

export const profileQueryOptions = () => queryOptions({ queryKey: ["/api/profile"], queryFn: () => getJson<PublicProfile>("/api/profile") });

export const useProfile = () => useQuery(profileQueryOptions());
