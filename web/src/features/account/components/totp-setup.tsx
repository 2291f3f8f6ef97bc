import { QRCodeSVG } from "qrcode.react";

/** The new secret three ways: a QR code to scan, the key to type, and one-time backup codes. */
export function TotpSetup({ totpURI, backupCodes }: { totpURI: string; backupCodes: string[] }) {
  const secret = new URL(totpURI).searchParams.get("secret");
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600">
        Scan this code with an authenticator app, then enter the 6-digit code it shows.
      </p>
      <div className="flex justify-center rounded-lg border border-gray-200 bg-white p-4">
        <QRCodeSVG value={totpURI} size={168} title="Two-factor authentication QR code" />
      </div>
      {secret ? (
        <p className="text-center text-xs text-gray-600">
          Can't scan it? Enter this key:{" "}
          <code
            className="break-all rounded bg-gray-100 px-1 font-mono text-gray-900"
            data-testid="totp-secret"
          >
            {secret}
          </code>
        </p>
      ) : null}
      <div>
        <p className="text-sm font-medium text-gray-800" id="backup-codes-heading">
          Backup codes
        </p>
        <p className="text-xs text-gray-600">
          Keep these somewhere safe. Each works once if you lose your phone.
        </p>
        <ul
          aria-labelledby="backup-codes-heading"
          className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm"
        >
          {backupCodes.map((backupCode) => (
            <li key={backupCode} className="rounded bg-gray-50 px-2 py-1 text-center">
              {backupCode}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
