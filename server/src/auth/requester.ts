import ipaddr from "ipaddr.js";

/**
 * The key sign-in limits count a requester under: an IPv4 address as is (also when written IPv4-mapped), an IPv6
 * address as its /64 (one subscriber gets a whole /64, so counting single addresses would give them 2^64 budgets).
 * Anything else (an in-process test socket has no address) is kept as given.
 */
export function requesterKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
