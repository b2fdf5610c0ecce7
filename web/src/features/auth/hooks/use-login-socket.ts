import { useCallback, useEffect, useReducer, useRef } from "react";
import {
  initialLoginState,
  type LoginState,
  loginReducer,
  type ServerMessage,
  type SessionCreate,
  successPayload,
} from "../lib/login-flow";

/** Long enough for a slow server, short enough that "Please wait" never stays for good. */
const ANSWER_TIMEOUT_MS = 30_000;

function socketUrl(): string {
  const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${protocol}//${window.location.host}/api/auth/ws`;
}

export interface LoginSocket {
  state: LoginState;
  /** Sends one protocol message, opening the connection first when needed. */
  send(message: Record<string, string>): void;
  /** Drops the connection and goes back to the phone step. */
  restart(): void;
  /** Reports a failure that happened after the socket's part (POST /auth/login). */
  fail(error: string): void;
}

/**
 * Runs the sign-in websocket. `onSuccess` receives the session payload; the caller exchanges it
 * for a cookie. Every way the conversation can stall (close, error, silence) ends in a message.
 */
export function useLoginSocket(onSuccess: (session: SessionCreate) => void): LoginSocket {
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const socketRef = useRef<WebSocket | null>(null);
  const timerRef = useRef<number | undefined>(undefined);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  const clearTimer = useCallback(() => {
    window.clearTimeout(timerRef.current);
    timerRef.current = undefined;
  }, []);

  const close = useCallback(() => {
    clearTimer();
    const socket = socketRef.current;
    socketRef.current = null;
    if (socket) {
      socket.onclose = null;
      socket.onerror = null;
      socket.onmessage = null;
      socket.close();
    }
  }, [clearTimer]);

  const open = useCallback((): WebSocket => {
    const socket = new WebSocket(socketUrl());
    socket.onmessage = (event) => {
      clearTimer();
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        message = { type: "error", message: "The server sent an unreadable answer." };
      }
      dispatch({ type: "message", message });
      const session = successPayload(message);
      if (!session) return;
      // The socket's part is done; a later close must not read as a lost connection.
      socket.onclose = null;
      socket.onerror = null;
      socketRef.current = null;
      socket.close();
      onSuccessRef.current(session);
    };
    const lost = () => {
      if (socketRef.current !== socket) return;
      socketRef.current = null;
      clearTimer();
      dispatch({ type: "closed" });
    };
    socket.onclose = lost;
    socket.onerror = lost;
    socketRef.current = socket;
    return socket;
  }, [clearTimer]);

  const send = useCallback(
    (message: Record<string, string>) => {
      dispatch({ type: "send" });
      clearTimer();
      timerRef.current = window.setTimeout(() => dispatch({ type: "timeout" }), ANSWER_TIMEOUT_MS);
      const socket = socketRef.current ?? open();
      const text = JSON.stringify(message);
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
      else socket.addEventListener("open", () => socket.send(text), { once: true });
    },
    [open, clearTimer],
  );

  const restart = useCallback(() => {
    close();
    dispatch({ type: "restart" });
  }, [close]);

  const fail = useCallback((error: string) => dispatch({ type: "failed", error }), []);

  useEffect(() => close, [close]);

  return { state, send, restart, fail };
}
