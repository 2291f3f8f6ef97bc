import { advanceClock, testClockView } from "../billing/clock";
import type { Route } from "../core/context";
import { invalid, missing } from "../core/errors";
import { optionalInt, optionalString } from "../core/params";
import { newId } from "../core/state";
import { PAGE_PARAMS } from "./list-params";

export const testClockRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/test_helpers/test_clocks",
    allowed: ["frozen_time", "name"],
    handle: (em, { params }) => {
      const frozen = optionalInt(params, "frozen_time");
      if (frozen === undefined) throw missing("frozen_time");
      if (frozen > em.store.now()) advanceClock(em, frozen - em.store.now());
      return testClockView(em.store.now(), newId("clock"), optionalString(params, "name") ?? null);
    },
  },
  {
    method: "POST",
    path: "/v1/test_helpers/test_clocks/:id{clock_\\w+}/advance",
    allowed: ["frozen_time"],
    handle: (em, { params }, path) => {
      const target = optionalInt(params, "frozen_time");
      if (target === undefined) throw missing("frozen_time");
      if (target <= em.store.now())
        throw invalid(
          "frozen_time",
          "The test clock can only be advanced forward in time (the emulator's clock is shared).",
        );
      advanceClock(em, target - em.store.now());
      return testClockView(em.store.now(), path.id);
    },
  },
  {
    method: "GET",
    path: "/v1/test_helpers/test_clocks",
    allowed: PAGE_PARAMS,
    // No clock is kept (the emulator's one clock stands in for each), so none is listed.
    handle: () => [],
  },
  {
    method: "GET",
    path: "/v1/test_helpers/test_clocks/:id{clock_\\w+}",
    allowed: ["expand"],
    handle: (em, _req, path) => testClockView(em.store.now(), path.id),
  },
  {
    method: "DELETE",
    path: "/v1/test_helpers/test_clocks/:id{clock_\\w+}",
    allowed: [],
    handle: (_em, _req, path) => ({
      id: path.id,
      object: "test_helpers.test_clock",
      deleted: true,
    }),
  },
];
