// The city filter's "Selecionar Cidade" (web/src/features/articles/components/CityFilter.tsx) for a
// reader without the app: a small searchable list of the cities, from the page's state (the home's
// feed or the agenda's first page), that opens this page filtered by the chosen one. The shortcuts
// and the badge's remove are plain links already. Styles: .island-picker* in web/src/styles/site.css.
import type { CityCount } from '../../../shared/api-types';
import type { Island } from './lib/island';
import { queryData } from './lib/page-state';

const PICKER_ID = 'island-city-picker';

/** A count as pt-BR writes it ('1.234'); shared/format's formatNumber would bring its date helpers along. */
const count = (value: number) => String(Math.trunc(value)).replace(/\B(?=(\d{3})+$)/g, '.');
const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const label = (city: CityCount) => (city.state_code ? `${city.location_name} (${city.state_code})` : city.location_name);

/** The home's cities, or the agenda's (its first page). */
function pageCities(): readonly CityCount[] {
  const home = queryData<{ cities?: CityCount[] }>(['articles', 'home']);
  if (home?.cities) return home.cities;
  return queryData<{ pages?: { cities?: CityCount[] }[] }>(['events', 'list'])?.pages?.[0]?.cities ?? [];
}

function hrefOf(city: string): string {
  const params = new URLSearchParams(location.search);
  params.set('city', city);
  return `${location.pathname}?${params.toString()}`;
}

const cityFilter: Island = (element) => {
  const button = element.querySelector<HTMLButtonElement>('button[aria-haspopup="listbox"]');
  if (!button) return;
  const cities = pageCities();
  const selected = new URLSearchParams(location.search).get('city');
  let picker: HTMLElement | null = null;
  let input: HTMLInputElement;
  let list: HTMLElement;
  let shown: readonly CityCount[] = [];
  let active = -1;

  function choose(city: CityCount | undefined) {
    if (!city) return;
    close(false);
    location.assign(hrefOf(city.location_path));
  }

  function mark(index: number) {
    active = index;
    const options = list.querySelectorAll<HTMLElement>('[role="option"]');
    options.forEach((option, at) => option.toggleAttribute('data-combobox-selected', at === index));
    const current = options[index];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }

  function render() {
    const query = fold(input.value.trim());
    shown = query ? cities.filter((city) => fold(`${city.location_name} ${city.state_code}`).includes(query)) : cities;
    list.replaceChildren();
    if (shown.length === 0) {
      const empty = document.createElement('li');
      empty.className = 'island-picker-empty';
      empty.textContent = 'Nenhuma cidade encontrada';
      list.append(empty);
    }
    shown.forEach((city, index) => {
      const option = document.createElement('li');
      option.id = `${PICKER_ID}-${index}`;
      option.className = 'island-picker-option';
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', String(city.location_path === selected));
      const name = document.createElement('span');
      name.textContent = label(city);
      const badge = document.createElement('span');
      badge.className = 'island-picker-count';
      badge.textContent = count(city.count);
      badge.setAttribute('aria-label', `${count(city.count)} artigos`);
      option.append(name, badge);
      option.addEventListener('click', () => choose(city));
      list.append(option);
    });
    mark(-1);
  }

  function place() {
    if (!picker) return;
    const box = button!.getBoundingClientRect();
    const width = Math.min(300, document.documentElement.clientWidth - 16);
    const left = Math.max(8, Math.min(box.right - width, document.documentElement.clientWidth - width - 8));
    picker.style.width = `${width}px`;
    picker.style.left = `${left + scrollX}px`;
    picker.style.top = `${box.bottom + scrollY + 6}px`;
  }

  function build(): HTMLElement {
    const root = document.createElement('div');
    root.className = 'island-picker';
    root.id = PICKER_ID;
    input = document.createElement('input');
    input.type = 'search';
    input.className = 'island-picker-search';
    input.placeholder = 'Buscar cidade...';
    input.setAttribute('aria-label', 'Buscar cidade');
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'true');
    input.setAttribute('aria-controls', `${PICKER_ID}-list`);
    input.autocomplete = 'off';
    list = document.createElement('ul');
    list.id = `${PICKER_ID}-list`;
    list.className = 'island-picker-list';
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', 'Cidades');
    root.append(input, list);
    input.addEventListener('input', render);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        if (!shown.length) return;
        if (event.key === 'ArrowDown') mark((active + 1) % shown.length);
        else mark(active <= 0 ? shown.length - 1 : active - 1);
      } else if (event.key === 'Enter') {
        event.preventDefault();
        choose(shown[active] ?? (shown.length === 1 ? shown[0] : undefined));
      } else if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    });
    document.body.append(root);
    return root;
  }

  const outside = (event: Event) => {
    const target = event.target as Node;
    if (!picker?.contains(target) && !button.contains(target)) close(false);
  };
  const reposition = () => place();

  function open() {
    picker ??= build();
    picker.hidden = false;
    input.value = '';
    render();
    place();
    button!.setAttribute('aria-expanded', 'true');
    document.addEventListener('pointerdown', outside, true);
    addEventListener('resize', reposition);
    input.focus();
  }

  function close(refocus: boolean) {
    if (!picker || picker.hidden) return;
    picker.hidden = true;
    button!.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', outside, true);
    removeEventListener('resize', reposition);
    if (refocus) button!.focus();
  }

  button.setAttribute('aria-controls', PICKER_ID);
  button.addEventListener('click', () => (picker && !picker.hidden ? close(true) : open()));
};

export default cityFilter;
