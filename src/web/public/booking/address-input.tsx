import { MapPin } from 'lucide-react';
import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../components/ui/field';
import { cn } from '../../components/ui/cn';
import {
  ADDRESS_DEBOUNCE_MS,
  loadPlaces,
  MIN_ADDRESS_CHARS,
  onMapsAuthFailure,
  suggestAddresses,
  type AddressSelection,
  type AddressSuggestion,
} from './google-places';

export const ADDRESS_MANUAL_NOTE = 'Address suggestions unavailable - please enter manually';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onSelect: (address: AddressSelection) => void;
  googleMapsApiKey: string | null;
  error?: string;
  name?: string;
  required?: boolean;
};

/**
 * Street address with Google Places suggestions when a key is configured. Without one it is a plain,
 * calm input; the note 'Address suggestions unavailable - please enter manually' shows only when a
 * configured service fails (docs/decisions/413-returning-customer-frictions.md).
 */
export const AddressInput = forwardRef<HTMLInputElement, Props>(function AddressInput(
  { label, value, onChange, onBlur, onSelect, googleMapsApiKey, error, name, required },
  ref,
) {
  const id = useId();
  const listId = `${id}-list`;
  // `failed`: a configured service that did not answer; `plain`: no suggestions, for either reason.
  const [failed, setFailed] = useState(false);
  const plain = failed || !googleMapsApiKey;
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const sessionRef = useRef<unknown>(undefined);
  const typedRef = useRef(false);

  useEffect(() => {
    if (!googleMapsApiKey) return;
    let alive = true;
    loadPlaces(googleMapsApiKey).catch(() => alive && setFailed(true));
    const off = onMapsAuthFailure(() => alive && setFailed(true));
    return () => {
      alive = false;
      off();
    };
  }, [googleMapsApiKey]);

  useEffect(() => {
    if (failed || !googleMapsApiKey || !typedRef.current) return;
    const input = value.trim();
    if (input.length < MIN_ADDRESS_CHARS) {
      setSuggestions([]);
      return;
    }
    let alive = true;
    // Never rejects: a failure is kept as state, and the field falls back to plain typing.
    const suggest = async () => {
      try {
        const lib = await loadPlaces(googleMapsApiKey);
        sessionRef.current ??= new lib.AutocompleteSessionToken();
        const list = await suggestAddresses(lib, input, sessionRef.current);
        if (!alive) return;
        setSuggestions(list);
        setActive(-1);
        setOpen(list.length > 0);
      } catch {
        if (alive) setFailed(true);
      }
    };
    const timer = window.setTimeout(() => void suggest(), ADDRESS_DEBOUNCE_MS);
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [value, failed, googleMapsApiKey]);

  const choose = async (s: AddressSuggestion) => {
    setOpen(false);
    typedRef.current = false;
    try {
      const address = await s.select();
      sessionRef.current = undefined;
      onSelect(address);
    } catch {
      onChange(s.text);
      setFailed(true);
    }
  };

  const showList = open && !plain && suggestions.length > 0;
  return (
    <Field label={label} error={error} id={id} hint={failed && googleMapsApiKey ? ADDRESS_MANUAL_NOTE : undefined}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          name={name}
          required={required}
          value={value}
          autoComplete={plain ? 'street-address' : 'off'}
          role={plain ? undefined : 'combobox'}
          aria-autocomplete={plain ? undefined : 'list'}
          aria-expanded={plain ? undefined : showList}
          aria-controls={plain ? undefined : listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(
            'block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-charcoal aria-[invalid=true]:border-red-700',
          )}
          onChange={(e) => {
            typedRef.current = true;
            onChange(e.target.value);
          }}
          onBlur={() => {
            window.setTimeout(() => setOpen(false), 150);
            onBlur?.();
          }}
          onKeyDown={(e) => {
            if (!showList) return;
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, suggestions.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && active >= 0) {
              e.preventDefault();
              const s = suggestions[active];
              if (s) void choose(s);
            } else if (e.key === 'Escape') {
              e.stopPropagation();
              setOpen(false);
            }
          }}
        />
        {showList ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Address suggestions"
            className="absolute z-10 mt-1 w-full overflow-hidden rounded-lg border border-gray-300 bg-white shadow-lg"
          >
            {suggestions.map((s, i) => (
              // The keyboard way to pick is on the combobox input (arrow keys and Enter, aria-activedescendant).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the option never takes focus
              <li
                key={s.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void choose(s)}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                  i === active ? 'bg-amber-50' : 'hover:bg-gray-50',
                )}
              >
                <MapPin aria-hidden className="h-4 w-4 shrink-0 text-gray-600" />
                {s.text}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Field>
  );
});
