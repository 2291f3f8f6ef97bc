import type { PromoCode } from "@contracts/promotions";
import { Plus, RotateCw, TicketPercent } from "lucide-react";
import { useState } from "react";
import { ListSkeleton } from "@/components/list-skeleton";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { usePromoCodes } from "../api/list-promo-codes";
import { CreatePromoCodeDialog } from "./create-promo-code-dialog";
import { DeactivatePromoCodeDialog } from "./deactivate-promo-code-dialog";
import { PromoCodeTable } from "./promo-code-table";

/**
 * The creator's promo codes: what each takes off, for which subscriptions, until when and how
 * often it was used; create one, or deactivate one so nobody new can use it.
 */
export function PromotionsTab() {
  const codes = usePromoCodes();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [deactivating, setDeactivating] = useState<PromoCode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows = codes.data?.promoCodes ?? [];
  const isEmpty = codes.isSuccess && rows.length === 0;

  function openCreate() {
    setNotice(null);
    setIsCreateOpen(true);
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-gray-950">Promotions</h2>
          <p className="text-sm text-gray-600">
            Codes customers type when they subscribe, for a discount you choose.
          </p>
        </div>
        {isEmpty ? null : (
          <Button onClick={openCreate}>
            <Plus className="size-4" aria-hidden /> Create code
          </Button>
        )}
      </div>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <Card className="p-4 sm:p-6">
        <div aria-busy={codes.isFetching}>
          {codes.isPending ? (
            <>
              <p className="sr-only" role="status">
                Loading promo codes...
              </p>
              <ListSkeleton rows={3} rowClassName="py-3.5" />
            </>
          ) : codes.isError ? (
            <Alert tone="error">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>{errorMessage(codes.error, "Promo codes could not be loaded.")}</span>
                <button
                  type="button"
                  onClick={() => codes.refetch()}
                  disabled={codes.isFetching}
                  className="inline-flex items-center gap-1 rounded font-medium underline underline-offset-2"
                >
                  <RotateCw
                    className={codes.isFetching ? "size-3.5 animate-spin" : "size-3.5"}
                    aria-hidden
                  />
                  {codes.isFetching ? "Retrying..." : "Try again"}
                </button>
              </div>
            </Alert>
          ) : rows.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-gray-600">
              <TicketPercent className="size-6 text-gray-400" aria-hidden />
              <p className="font-medium text-gray-950">No promo codes yet</p>
              <p className="max-w-sm">
                Make a code like SPRING10 for a discount on your subscriptions, then share it.
              </p>
              <Button className="mt-3" onClick={openCreate}>
                <Plus className="size-4" aria-hidden /> Create code
              </Button>
            </div>
          ) : (
            <PromoCodeTable promoCodes={rows} onDeactivate={setDeactivating} />
          )}
        </div>
      </Card>
      <CreatePromoCodeDialog
        open={isCreateOpen}
        onOpenChange={setIsCreateOpen}
        onCreated={(created) =>
          setNotice(`${created.code} is ready: customers can use it when they subscribe.`)
        }
      />
      <DeactivatePromoCodeDialog
        promoCode={deactivating}
        onOpenChange={(open) => (open ? undefined : setDeactivating(null))}
        onDeactivated={(updated) =>
          setNotice(`${updated.code} is inactive: nobody new can use it.`)
        }
      />
    </div>
  );
}
