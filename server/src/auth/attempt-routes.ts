import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../deps.js";
import { conflict, HttpError, notFound } from "../http/errors.js";
import {
  ATTEMPT_EXPIRED,
  ATTEMPT_FINISHED,
  createAttempt,
  deleteAttempt,
  getAttempt,
  runStep,
  type StepResult,
} from "./attempts.js";
import { requesterKey } from "./requester.js";
import type { SignInFlow } from "./sign-in-flow.js";

const attemptCreate = z.object({ authType: z.enum(["qr", "phone"]), phoneNo: z.string().max(64).optional() });
const sendCode = z.object({ phoneNo: z.string().max(64) });
const signIn = z.object({
  phoneNo: z.string().max(64),
  phoneCode: z.string().max(64),
  phoneCodeHash: z.string().max(128),
});
const password = z.object({ password: z.string().min(1, "password must not be empty").max(1024) });
const attemptParams = z.object({ id: z.string().min(1).max(64) });

const NOT_FOUND = "auth attempt not found";

/**
 * Teldrive main's sign-in attempts (auth/attempts.ts). Steps answer 204 and the client reads the outcome with
 * `GET /auth/attempts/{id}`, as on Teldrive main; here the step has finished by the time it answers, so one read
 * after it is enough.
 */
export async function attemptRoutes(app: FastifyInstance, { db, config }: Deps) {
  const rules = { allowedPhones: config.allowedPhones, signUp: config.signUp, limits: config.signInLimits };
  // An in-process request (app.inject, used by tests) may have no address.
  const requesterOf = (req: FastifyRequest) => requesterKey((req.ip as string | undefined) ?? "");

  const answer = (result: StepResult, reply: FastifyReply) => {
    if (result === "not found") throw notFound(NOT_FOUND);
    if (result === "expired") throw conflict(ATTEMPT_EXPIRED);
    if (result === "finished") throw conflict(ATTEMPT_FINISHED);
    return reply.status(204).send();
  };
  const step = (req: FastifyRequest, run: (flow: SignInFlow) => ReturnType<SignInFlow["sendCode"]>) => {
    const { id } = attemptParams.parse(req.params);
    return runStep(db, id, { rules, requester: requesterOf(req) }, run);
  };

  app.post("/auth/attempts", async (req, reply) => {
    const body = attemptCreate.parse(req.body);
    const requester = requesterOf(req);
    // As many attempts in 10 minutes as codes in an hour: a sign-in needs one or two.
    const created = await createAttempt(db, body.authType, requester, config.signInLimits.codesPerAddressPerHour);
    if (!created)
      throw new HttpError(
        429,
        `too many sign-in attempts from your address (${requester || "unknown"}); try again in 10 minutes`,
      );
    // Like Teldrive main, a phone number given at creation sends the code at once.
    if (body.authType === "phone" && body.phoneNo) {
      const phoneNo = body.phoneNo;
      await runStep(db, created.id, { rules, requester }, (flow) => flow.sendCode(phoneNo));
      return reply.status(201).send((await getAttempt(db, created.id)) ?? created);
    }
    return reply.status(201).send(created);
  });

  app.get("/auth/attempts/:id", async (req) => {
    const { id } = attemptParams.parse(req.params);
    const attempt = await getAttempt(db, id);
    if (!attempt) throw notFound(NOT_FOUND);
    return attempt;
  });

  app.delete("/auth/attempts/:id", async (req, reply) => {
    const { id } = attemptParams.parse(req.params);
    if (!(await deleteAttempt(db, id, rules))) throw notFound(NOT_FOUND);
    return reply.status(204).send();
  });

  app.post("/auth/attempts/:id/phone/send-code", async (req, reply) => {
    const body = sendCode.parse(req.body);
    return answer(await step(req, (flow) => flow.sendCode(body.phoneNo)), reply);
  });

  app.post("/auth/attempts/:id/phone/sign-in", async (req, reply) => {
    const body = signIn.parse(req.body);
    return answer(await step(req, (flow) => flow.signIn(body.phoneNo, body.phoneCode, body.phoneCodeHash)), reply);
  });

  app.post("/auth/attempts/:id/password", async (req, reply) => {
    const body = password.parse(req.body);
    return answer(await step(req, (flow) => flow.password(body.password)), reply);
  });
}
