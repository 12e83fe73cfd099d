// The city a list is filtered by, kept in the address (`?city=<location_path>`) so a filtered home or
// agenda can be linked and the back button returns to it; changing it keeps the scroll where it is.
import { useSearchParams } from 'react-router-dom';

export function useCityParam(): [string | null, (next: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const city = searchParams.get('city') || null;
  const selectCity = (next: string | null) =>
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next) updated.set('city', next);
        else updated.delete('city');
        return updated;
      },
      { preventScrollReset: true },
    );
  return [city, selectCity];
}
