import type { PlaybackItem, PlaybackPositionOut } from "@drive/contract";
import { expect, it } from "vitest";
import { call, create, type TestUser } from "./files-api.js";
import { type TestServer, withServerAndTwoUsers } from "./helpers.js";

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

withServerAndTwoUsers((started) => {
  ({
    server,
    users: [alice, bob],
  } = started);
});

const file = (user: TestUser, name: string) =>
  create(server, user, { name, type: "file", path: "/", mimeType: "video/mp4", size: 0 });

it("remembers a position per user and file, lists the newest first and forgets on delete", async () => {
  const movie = await file(alice, "movie.mp4");
  const song = await file(alice, "song.mp4");
  expect((await call(server, alice, "GET", `/playback/${movie.id}`)).status).toBe(404);

  expect((await call(server, alice, "PUT", `/playback/${movie.id}`, { position: 2467.5, duration: 5400 })).status).toBe(
    204,
  );
  expect((await call(server, alice, "PUT", `/playback/${song.id}`, { position: 30, duration: 200 })).status).toBe(204);
  const got = await call<PlaybackPositionOut>(server, alice, "GET", `/playback/${movie.id}`);
  expect(got.status).toBe(200);
  expect(got.body).toMatchObject({ position: 2467.5, duration: 5400 });

  // A later write replaces the position and moves the file to the front of the list.
  await call(server, alice, "PUT", `/playback/${movie.id}`, { position: 2500, duration: 5400 });
  const listed = await call<{ items: PlaybackItem[] }>(server, alice, "GET", "/playback");
  expect(listed.body.items.map((i) => [i.file.name, i.position])).toEqual([
    ["movie.mp4", 2500],
    ["song.mp4", 30],
  ]);

  expect((await call(server, alice, "DELETE", `/playback/${movie.id}`)).status).toBe(204);
  expect((await call(server, alice, "GET", `/playback/${movie.id}`)).status).toBe(404);
  const after = await call<{ items: PlaybackItem[] }>(server, alice, "GET", "/playback");
  expect(after.body.items.map((i) => i.file.name)).toEqual(["song.mp4"]);
});

it("another user can neither set, read, list nor clear a position of a file not theirs", async () => {
  const movie = await file(alice, "private.mp4");
  await call(server, alice, "PUT", `/playback/${movie.id}`, { position: 10, duration: 100 });

  expect((await call(server, bob, "PUT", `/playback/${movie.id}`, { position: 99, duration: 100 })).status).toBe(404);
  expect((await call(server, bob, "GET", `/playback/${movie.id}`)).status).toBe(404);
  expect((await call<{ items: PlaybackItem[] }>(server, bob, "GET", "/playback")).body.items).toEqual([]);
  await call(server, bob, "DELETE", `/playback/${movie.id}`);
  expect((await call<PlaybackPositionOut>(server, alice, "GET", `/playback/${movie.id}`)).body.position).toBe(10);
  expect((await call(server, null, "GET", `/playback/${movie.id}`)).status).toBe(401);
});

it("refuses malformed positions and ids", async () => {
  const movie = await file(alice, "bad.mp4");
  const put = (body: unknown) => call(server, alice, "PUT", `/playback/${movie.id}`, body);
  expect((await put({ position: -1, duration: 10 })).status).toBe(400);
  expect((await put({ position: 11, duration: 10 })).status).toBe(400);
  expect((await put({ position: "1", duration: 10 })).status).toBe(400);
  expect((await put({ position: 1 })).status).toBe(400);
  expect((await call(server, alice, "GET", "/playback/not-a-uuid")).status).toBe(400);
});

it("a trashed file leaves the list, and capabilities advertise playback", async () => {
  const movie = await file(alice, "trashed.mp4");
  await call(server, alice, "PUT", `/playback/${movie.id}`, { position: 5, duration: 50 });
  expect((await call(server, alice, "POST", "/files/delete", { ids: [movie.id] })).status).toBe(204);
  const listed = await call<{ items: PlaybackItem[] }>(server, alice, "GET", "/playback");
  expect(listed.body.items.map((i) => i.file.name)).not.toContain("trashed.mp4");
  expect((await call<{ playback: boolean }>(server, null, "GET", "/capabilities")).body.playback).toBe(true);
});
