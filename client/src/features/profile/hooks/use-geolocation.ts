/**
 * The geolocation request (public-visitor §4, §8, §9): idle, loading, success or error with the spec's
 * messages; high accuracy, 10 s time-out, a cached position up to 5 minutes old.
 */
import { useState } from 'react'

/** Options of getCurrentPosition (public-visitor §9). */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 }

/** The message for a failed request (public-visitor §8). */
export function geolocationErrorMessage(error?: GeolocationPositionError): string {
  if (!error) return 'Geolocation is not supported by this browser'
  if (error.code === error.PERMISSION_DENIED) return 'Location access denied by user'
  if (error.code === error.POSITION_UNAVAILABLE) return 'Location information unavailable'
  if (error.code === error.TIMEOUT) return 'Location request timed out'
  return 'Failed to get location'
}

export type GeolocationState = { status: 'idle' | 'loading' | 'success' | 'error'; error?: string }

/** request() asks for the position and hands it to onPosition (degrees). */
export function useGeolocation(onPosition: (p: { latitude: number; longitude: number }) => void) {
  const [state, setState] = useState<GeolocationState>({ status: 'idle' })
  const request = () => {
    if (!('geolocation' in navigator)) return setState({ status: 'error', error: geolocationErrorMessage() })
    setState({ status: 'loading' })
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setState({ status: 'success' })
        onPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude })
      },
      (e) => setState({ status: 'error', error: geolocationErrorMessage(e) }),
      GEOLOCATION_OPTIONS,
    )
  }
  return { ...state, request }
}
