// A full game through a client generated from the committed openapi.yaml: openapi-typescript
// writes the types (src/schema.d.ts, not committed), openapi-fetch makes the calls. Two accounts
// sign up, one creates a game, the other joins, and whoever is to act posts one of its legal
// actions exactly as received until the game ends. No model is written by hand: every type
// below comes from the schema, with no cast and no non-null assertion, and the account token is
// sent as the schema's bearer scheme says. Run by .ci/sdk: node dist/play.js <base URL> [seed].
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type GameView = components["schemas"]["GameView"];
type CardRef = components["schemas"]["CardRef"];

const baseUrl = process.argv[2] ?? "http://127.0.0.1:8000";
let seed = Number(process.argv[3] ?? "1") >>> 0;
function random(n: number): number {
  // mulberry32: a small seeded generator, so a seed replays the same choices
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
}

function fail(what: string, detail: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(detail)}`);
}

async function signup(name: string) {
  const anonymous = createClient<paths>({ baseUrl });
  const { data, error } = await anonymous.POST("/api/auth/signup/", {
    body: { username: name, password: "a long passphrase 7" },
  });
  if (!data) fail("sign-up", error);
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${data.token}` } });
}

function checkCard(card: CardRef): void {
  if (card.kind === "order" && (card.material === null || card.role === null || !card.value)) {
    fail("an order card without its facts", card);
  }
}

async function main(): Promise<void> {
  const suffix = `${Date.now()}${random(1000)}`;
  const creator = await signup(`ts-a${suffix}`);
  const joiner = await signup(`ts-b${suffix}`);
  const players = [creator, joiner];
  const created = await creator.POST("/api/games/", { body: { players: 2 } });
  if (!created.data) fail("create", created.error);
  const gameId = created.data.id;
  const joined = await joiner.POST("/api/games/{game_id}/join/", {
    params: { path: { game_id: gameId } },
    body: {},
  });
  if (!joined.data) fail("join", joined.error);

  const bySeat = new Map<number, (typeof players)[number]>();
  for (const client of players) {
    const { data } = await client.GET("/api/games/{game_id}/", {
      params: { path: { game_id: gameId } },
    });
    if (!data || data.my_seat === null) fail("my seat", data);
    bySeat.set(data.my_seat, client);
  }

  let view: GameView = joined.data;
  let moves = 0;
  while (view.status === "active") {
    const client = bySeat.get(view.to_act ?? -1) ?? fail("nobody to act", view.to_act);
    let mine = view;
    if (!view.your_turn) {
      // The last answer was the other seat's view: read our own, with our legal moves.
      const read = await client.GET("/api/games/{game_id}/", {
        params: { path: { game_id: gameId } },
      });
      mine = read.data ?? fail("view", read.error);
    }
    if (!mine.your_turn) fail("not my turn", mine);
    const legal = mine.legal_actions;
    if (new Set(legal.map((m) => m.id)).size !== legal.length || legal.some((m) => !m.label)) {
      fail("legal moves need unique ids and labels", legal);
    }
    mine.table?.players[mine.my_seat ?? 0]?.hand?.forEach(checkCard);
    const move = legal[random(legal.length)] ?? fail("no legal move", legal);
    const posted = await client.POST("/api/games/{game_id}/moves/", {
      params: { path: { game_id: gameId } },
      body: { seq: mine.seq, action: move.action },
    });
    if (!posted.data) fail(`move ${move.id} (${move.label})`, posted.error);
    view = posted.data.game; // the mover's view after the move
    moves += 1;
  }
  const end = view.table?.end ?? fail("no end", view);
  const scores = end.scores.map((s) => `seat ${s.seat}: ${s.total}`).join(", ");
  console.log(
    `TypeScript client: game ${gameId} ${view.status} after ${moves} moves ` +
      `(${end.reason}; ${scores}; winners ${end.winners.join(", ")})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
