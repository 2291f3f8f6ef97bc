import { outboxSchema } from "../../../contracts/outbox";
import { declareRoute, errorResponses, jsonResponse } from "../../http/route-declaration";

export const outboxRoute = declareRoute({
  method: "get",
  path: "/api/dev/outbox",
  summary: "The development mailbox: the 50 newest e-mails, sent or not",
  description: "Only with the payment emulator (offline development); elsewhere a 404.",
  tags: ["outbox"],
  access: "dev",
  limit: {
    exempt:
      "Exists only in emulator mode (offline development), which NODE_ENV=production refuses to start in.",
  },
  responses: {
    200: jsonResponse(outboxSchema, "The messages, newest first"),
    ...errorResponses([404, "Not in emulator mode: there is no such API endpoint."]),
  },
});

export const outboxApi = [outboxRoute];
