import {
  type Answer,
  checkAnswers,
  firstAnswerError,
  isInServiceArea,
  outsideServiceAreaMessage,
  type ServiceAddress,
  type ServiceDetailsInput,
} from "../../../contracts/service-details";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { findActiveQuestions } from "../offerings/question-repository";

const ADDRESS_REQUIRED_MESSAGE = "Enter the address where the service happens.";
const PHONE_REQUIRED_MESSAGE =
  "Enter a phone number, so the business can reach you on the day of a visit.";

/** What a sign-up (or a waitlist entry) tells the business, checked against the offering. */
export interface CheckedServiceDetails {
  address: ServiceAddress | null;
  phone: string | null;
  answers: Answer[];
}

interface OfferingServiceSettings {
  id: string;
  onSite: boolean;
  serviceArea: string[];
}

/**
 * The server's word on a sign-up's details (issue 22), before anything is created in Stripe:
 * an on-site offering needs an address and a phone, the address must be inside the service
 * area (unless `allowOutsideArea`: the waitlist takes anyone, the business may widen its area),
 * and the answers must fit the offering's questions as asked now. An off-site offering keeps
 * no address, whatever a stale form sent.
 */
export async function checkServiceDetails(
  db: Db,
  offering: OfferingServiceSettings,
  input: ServiceDetailsInput,
  options: { allowOutsideArea?: boolean } = {},
): Promise<CheckedServiceDetails> {
  let address: ServiceAddress | null = null;
  let phone: string | null = null;
  if (offering.onSite) {
    if (!input.address) throw new AppError("validation_failed", ADDRESS_REQUIRED_MESSAGE);
    if (!input.phone) throw new AppError("validation_failed", PHONE_REQUIRED_MESSAGE);
    address = input.address;
    phone = input.phone;
    if (!options.allowOutsideArea) assertInServiceArea(offering, address);
  }
  const questions = await findActiveQuestions(db, offering.id);
  const checked = checkAnswers(questions, input.answers ?? {});
  if (!checked.ok) throw new AppError("validation_failed", firstAnswerError(checked.errors));
  return { address, phone, answers: checked.answers };
}

export function assertInServiceArea(offering: OfferingServiceSettings, address: ServiceAddress) {
  if (!isInServiceArea(address.postalCode, offering.serviceArea)) {
    throw new AppError("outside_service_area", outsideServiceAreaMessage(offering.serviceArea));
  }
}
