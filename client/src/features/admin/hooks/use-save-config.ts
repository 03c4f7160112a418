/**
 * useSaveConfig (admin-back-office §4, §8 save failures): a save mutation for one admin configuration. On success it
 * stores the saved value under the admin query key, refreshes the public query the visitor side reads, and shows a
 * success toast; on failure a destructive toast titled failTitle with the server's text (or fallback).
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { toast } from '@client/lib/toast'
import { adminErrorText } from '../api/admin-api'

/** What to save and what to say. */
export type SaveConfigOptions<I, O> = { save(input: I): Promise<O>; adminKey: QueryKey; publicKey: QueryKey; saved: string; failTitle: string; fallback: string }

/** The save mutation; call mutate(input). */
export function useSaveConfig<I, O>({ save, adminKey, publicKey, saved, failTitle, fallback }: SaveConfigOptions<I, O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: save,
    onSuccess: (answer) => {
      queryClient.setQueryData(adminKey, answer)
      toast({ title: 'Configuration Saved', description: saved })
      return queryClient.invalidateQueries({ queryKey: publicKey })
    },
    onError: (e) => toast({ title: failTitle, description: adminErrorText(e, fallback), variant: 'destructive' }),
  })
}
