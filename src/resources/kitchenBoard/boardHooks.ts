import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderItem } from '../../../contract/resources/kitchenBoard/definition';
import { useDeviceSetting } from '../../components/deviceSetting';
import { CHOSEN_STORE_KEY } from '../../components/chosenStore';

export { useDeviceSetting };

/** What this device remembers of the board (a tablet stays at its station all night). */
export const BOARD_SETTINGS = {
  station: 'painel.board.station',
  filter: 'painel.board.filter',
  sound: 'painel.board.sound',
  /** An administrator's board: the restaurant it shows. */
  store: CHOSEN_STORE_KEY,
} as const;

type AudioContextClass = typeof AudioContext;
const audioContextClass = (): AudioContextClass | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window.AudioContext ??
      (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);

/** Two short rising tones, made on the spot: no sound file to download. */
function beep(context: AudioContext) {
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.22, 1175],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.5, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.2);
  }
}

/**
 * The new-order sound. Browsers play audio only after a user gesture, so it is off until someone
 * presses 'Ativar som'; the choice is remembered, and after a reload the first touch anywhere on
 * the page lets the sound out again.
 */
export function useKitchenSound() {
  const AudioContextClass = audioContextClass();
  const [setting, remember] = useDeviceSetting(BOARD_SETTINGS.sound, 'off');
  const on = setting === 'on' && AudioContextClass !== undefined;
  const context = useRef<AudioContext | null>(null);

  const unlock = useCallback(() => {
    if (!AudioContextClass) return;
    context.current ??= new AudioContextClass();
    void context.current.resume();
  }, [AudioContextClass]);

  useEffect(() => {
    if (!on || context.current) return;
    const events = ['pointerdown', 'keydown'] as const;
    const once = () => {
      unlock();
      for (const event of events) document.removeEventListener(event, once);
    };
    for (const event of events) document.addEventListener(event, once);
    return () => {
      for (const event of events) document.removeEventListener(event, once);
    };
  }, [on, unlock]);

  useEffect(
    () => () => {
      void context.current?.close();
      context.current = null;
    },
    [],
  );

  return {
    supported: AudioContextClass !== undefined,
    on,
    toggle: () => {
      if (on) return remember('off');
      unlock();
      remember('on');
    },
    play: () => {
      if (on && context.current) beep(context.current);
    },
  };
}

/**
 * The items that appeared since the board was opened (or its station changed), until someone
 * acknowledges them. The first read of a station is what was already there: nothing is new.
 */
export function useNewItems(items: OrderItem[] | undefined, station: string, onArrival: () => void) {
  const seen = useRef<{ station: string; ids: Set<number> } | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const arrival = useRef(onArrival);
  arrival.current = onArrival;

  useEffect(() => {
    if (!items) return;
    if (seen.current?.station !== station) {
      seen.current = { station, ids: new Set(items.map((item) => item.id)) };
      setFresh(new Set());
      return;
    }
    const known = seen.current.ids;
    const arrived = items.filter((item) => !known.has(item.id) && item.status !== 'CANCELLED');
    for (const item of items) known.add(item.id);
    if (arrived.length === 0) return;
    setFresh((current) => new Set([...current, ...arrived.map((item) => item.id)]));
    arrival.current();
  }, [items, station]);

  const present = items ? items.filter((item) => fresh.has(item.id)).length : 0;
  return {
    fresh,
    count: present,
    acknowledge: () => setFresh(new Set()),
    /** A card the cook has just worked is seen. */
    seen: (id: number) =>
      setFresh((current) => {
        if (!current.has(id)) return current;
        const next = new Set(current);
        next.delete(id);
        return next;
      }),
  };
}
