/** A share that failed to load for a reason other than being gone. */
export function ShareError({ message }: { message: string }) {
  return (
    <p role="alert" className="m-auto p-6 text-error">
      {message}
    </p>
  );
}
