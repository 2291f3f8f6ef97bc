import type { Me } from "@contracts/me";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { UserIdField } from "./user-id-field";

const signupDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

export function AccountInformationCard({ user }: { user: Me["user"] }) {
  return (
    <Card className="space-y-4 p-5">
      <h2 className="text-base font-semibold text-gray-950">Account Information</h2>
      <dl className="text-sm">
        <dt className="font-medium text-gray-800">Signup date</dt>
        <dd className="mt-0.5 text-gray-700">
          <time dateTime={user.createdAt}>{signupDateFormat.format(new Date(user.createdAt))}</time>
        </dd>
      </dl>
      <Field id="account-email" label="Email" hint="Email cannot be changed at this time">
        <Input id="account-email" type="email" value={user.email} readOnly />
      </Field>
      <UserIdField userId={user.id} />
    </Card>
  );
}
