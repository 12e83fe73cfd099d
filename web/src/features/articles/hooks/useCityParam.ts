// The city a list is filtered by, kept in the address (`?city=<location_path>`) so a filtered home or
// agenda can be linked and the back button returns to it; changing it keeps the scroll where it is.
import { useLocation, useSearchParams } from 'react-router-dom';

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

/** The address of this page filtered by `city` (or by none): a real link for the filter's shortcuts. */
export function useCityHref(): (city: string | null) => string {
  const { pathname, search } = useLocation();
  return (city) => {
    const params = new URLSearchParams(search);
    if (city) params.set('city', city);
    else params.delete('city');
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}
