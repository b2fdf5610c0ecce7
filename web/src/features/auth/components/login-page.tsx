import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { QrCode } from "lucide-react";
import { useRef } from "react";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { useApiGeneration } from "@/drive/api/generation";
import { errorText } from "@/drive/errors/error-message";
import { sessionQueryOptions } from "@/drive/session/session";
import { usePageTitle } from "@/lib/document-title";
import { Button } from "@/ui/button";
import { login, loginWithAttempt } from "../api/login";
import { useLoginAttempts } from "../hooks/use-login-attempts";
import { useLoginSocket } from "../hooks/use-login-socket";
import { HOME_HREF, safeRedirect } from "../lib/safe-redirect";
import { PhoneStep } from "./phone-step";
import { SecretStep } from "./secret-step";

const TITLES = { phone: "Sign in", code: "Enter your code", password: "Enter your password" } as const;

/**
 * Phone -> code -> (2FA password) over the sign-in websocket (API-A) or auth attempts (API-B), then the session
 * cookie, then `redirect`.
 */
export function LoginPage() {
  const { redirect } = useSearch({ from: "/_auth/login" });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phoneRef = useRef("");
  usePageTitle("Sign in");
  // Offered only where the server can do it (Teldrive can; the local server has no Telegram).
  const qrLogin = useQuery(capabilitiesQueryOptions()).data?.qrLogin ?? false;

  const generation = useApiGeneration();
  const finish = async (signIn: () => Promise<void>) => {
    try {
      await signIn();
      await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    } catch (error) {
      socket.fail(errorText(error));
      return;
    }
    await navigate({ href: safeRedirect(redirect) ?? HOME_HREF, replace: true });
  };
  // Both are idle until a step is sent; the generation decides which one the page talks to.
  const websocket = useLoginSocket((session) => void finish(() => login(session)));
  const attempts = useLoginAttempts((session) => void finish(() => loginWithAttempt(session)));
  const socket = generation === "B" ? attempts : websocket;
  const { state } = socket;

  return (
    <section
      aria-labelledby="login-title"
      className="flex w-full max-w-sm flex-col gap-6 rounded-3xl bg-surface-container p-6 shadow-sm sm:p-8"
    >
      <h1 id="login-title" className="text-2xl font-medium">
        {TITLES[state.step]}
      </h1>
      {state.step === "phone" && (
        <PhoneStep
          pending={state.pending}
          onSubmit={(phoneNo) => {
            phoneRef.current = phoneNo;
            socket.send({ authType: "phone", message: "sendcode", phoneNo });
          }}
        />
      )}
      {state.step === "code" && (
        <SecretStep
          kind="code"
          pending={state.pending}
          onSubmit={(phoneCode) =>
            socket.send({
              authType: "phone",
              message: "signin",
              phoneNo: phoneRef.current,
              phoneCode,
              phoneCodeHash: state.phoneCodeHash ?? "",
            })
          }
        />
      )}
      {state.step === "password" && (
        <SecretStep
          kind="password"
          pending={state.pending}
          onSubmit={(password) => socket.send({ authType: "2fa", password })}
        />
      )}
      {state.error && (
        <p role="alert" className="rounded-xl bg-error-container px-4 py-3 text-sm text-on-error-container">
          {state.error}
        </p>
      )}
      {state.qrLink && (
        <div className="flex flex-col gap-2 text-sm">
          <p>Open this sign-in link on a device where Telegram is signed in:</p>
          <a href={state.qrLink} className="break-all text-primary underline">
            {state.qrLink}
          </a>
        </div>
      )}
      {state.step !== "phone" ? (
        <Button variant="text" onClick={socket.restart} className="self-center">
          Start over
        </Button>
      ) : (
        qrLogin && (
          <Button
            variant="outlined"
            disabled={state.pending}
            onClick={() => socket.send({ authType: "qr" })}
            className="self-center"
          >
            <QrCode aria-hidden className="size-4" />
            Sign in with QR code
          </Button>
        )
      )}
    </section>
  );
}
