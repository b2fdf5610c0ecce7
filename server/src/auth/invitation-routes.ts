import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../deps.js";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { isPhoneAllowed, normalisePhone } from "./phone.js";
import { type Invitation, invite, listInvitations, ownerId, uninvite } from "./sign-up.js";

const invitationCreate = z.object({ phone: z.string().max(64) });
const invitationParams = z.object({ phone: z.string().max(64) });

const shown = (i: Invitation) => ({ phone: i.phone, createdAt: rfc3339(i.createdAt) });

/** The owner's invitations (our addition): who may get a new account while sign-up is closed (auth/sign-up.ts). */
export async function invitationRoutes(app: FastifyInstance, { db, config }: Deps) {
  const ownerOnly = async (req: FastifyRequest) => {
    if ((await ownerId(db)) !== req.user.userId) throw forbidden("only the server's owner manages invitations");
  };
  const phoneOf = (raw: string) => {
    const phone = normalisePhone(raw);
    if (!phone) throw badRequest("invalid phone number: use the international format, e.g. +15551234567");
    return phone;
  };

  app.get("/users/invitations", async (req) => {
    await ownerOnly(req);
    return (await listInvitations(db)).map(shown);
  });

  app.post("/users/invitations", async (req, reply) => {
    await ownerOnly(req);
    const phone = phoneOf(invitationCreate.parse(req.body).phone);
    if (!isPhoneAllowed(phone, config.allowedPhones))
      throw badRequest(`${phone} is not in this server's ALLOWED_PHONES, so it cannot sign in even when invited`);
    const made = await invite(db, phone, req.user.userId);
    if (made.result === "has account") throw conflict(`${phone} already has an account`);
    return reply.status(made.result === "created" ? 201 : 200).send(shown(made.invitation));
  });

  app.delete("/users/invitations/:phone", async (req, reply) => {
    await ownerOnly(req);
    const phone = phoneOf(invitationParams.parse(req.params).phone);
    if (!(await uninvite(db, phone))) throw notFound(`no invitation for ${phone}`);
    return reply.status(204).send();
  });
}
