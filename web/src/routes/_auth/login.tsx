import { createFileRoute } from "@tanstack/react-router";
import { LoginPage } from "@/features/auth/components/login-page";
import { optionalTextParam, searchSchema } from "@/lib/route-search";

export const Route = createFileRoute("/_auth/login")({
  validateSearch: searchSchema({ redirect: optionalTextParam() }),
  component: LoginPage,
});
