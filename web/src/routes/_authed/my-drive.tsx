import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";

const searchSchema = z.object({ path: z.string().catch("/") });

export const Route = createFileRoute("/_authed/my-drive")({
  validateSearch: searchSchema,
  component: () => <p>my drive</p>,
});
