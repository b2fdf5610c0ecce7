import { createFileRoute } from "@tanstack/react-router";
import { LoginPage } from "@/features/auth/components/login-page";
import { optionalTextParam, z } from "@/lib/route-search";

export const Route = createFileRoute("/_auth/login")({
  validateSearch: z.object({ redirect: optionalTextParam() }),
  component: LoginPage,
});
