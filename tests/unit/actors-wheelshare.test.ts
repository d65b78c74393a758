/**
 * src/actors/wheelshare.ts: the wheelshare station's machine with its real effects. The API calls are stood
 * in for (tests/unit/api-station-and-failures.test.ts tests them); checked here: which call each effect
 * makes with what, and that a language change is applied and kept in the language cookie for a year.
 */
import { createRentalSessions } from '../../src/api/rental-sessions';
import { localStore } from '../../src/lib/local-store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { provideWheelshare } from '../../src/actors/wheelshare';
import {
  isWaitingForCard,
  requestDeferredPayment,
  returnRental,
  setWheelsharePurchase,
} from '../../src/api/wheelshare';
import { changeLanguage } from '../../src/i18n/i18n';
import { fakeApi } from '../fixtures/fake-api';

vi.mock('../../src/api/wheelshare', () => ({
  setWheelsharePurchase: vi.fn(() => Promise.resolve('session-wheel')),
  requestDeferredPayment: vi.fn(() => Promise.resolve({ paymentUrl: 'https://pay.example/p' })),
  isWaitingForCard: vi.fn(() => Promise.resolve(true)),
  returnRental: vi.fn(() => Promise.resolve({ status: true, msg: 'returned' })),
}));
vi.mock('../../src/i18n/i18n', () => ({ changeLanguage: vi.fn(() => Promise.resolve()) }));

const cookiesWritten: string[] = [];

beforeEach(() => {
  vi.clearAllMocks();
  cookiesWritten.length = 0;
  vi.stubGlobal('document', {
    get cookie() {
      return '';
    },
    set cookie(value: string) {
      cookiesWritten.push(value);
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const { client: api } = fakeApi({});
const station = provideWheelshare(api, createRentalSessions(localStore));
const actorOf = (id: string) => (station.implementations.actors as Record<string, AnyActorLogic>)[id] as AnyActorLogic;
const run = (id: string, input: unknown) => toPromise(createActor(actorOf(id), { input }).start());

const call = { machineId: '15', sessionId: 'session-wheel' };

describe('the station’s calls', () => {
  it('set_purchase with the form', async () => {
    const input = { machineId: '15', phone: '0501234567', choice: 'rent' };
    await expect(run('setPurchase', input)).resolves.toBe('session-wheel');
    expect(setWheelsharePurchase).toHaveBeenCalledWith(api, input);
  });

  it('the deferred payment, and whether the station waits for the card', async () => {
    await expect(run('requestPayment', call)).resolves.toEqual({ paymentUrl: 'https://pay.example/p' });
    expect(requestDeferredPayment).toHaveBeenCalledWith(api, call);
    await expect(run('isWaitingForCard', call)).resolves.toBe(true);
    expect(isWaitingForCard).toHaveBeenCalledWith(api, call);
  });

  it('a return carries the session the station rented that phone under, forgotten once returned', async () => {
    await run('setPurchase', { machineId: '15', phone: '0507654321', choice: 'rent' });
    vi.mocked(returnRental).mockResolvedValueOnce({ status: 0, message: 'Returned' });
    await expect(run('returnRental', { phone: '0507654321' })).resolves.toEqual({ status: 0, message: 'Returned' });
    expect(returnRental).toHaveBeenCalledWith(api, { phone: '0507654321', session: 'session-wheel' });
    await run('returnRental', { phone: '0507654321' });
    expect(returnRental).toHaveBeenLastCalledWith(api, { phone: '0507654321', session: undefined });
  });

  it('a refused return keeps the session: the visitor may try again', async () => {
    await run('setPurchase', { machineId: '15', phone: '0501112222', choice: 'rent' });
    vi.mocked(returnRental).mockResolvedValueOnce({ status: 1, message: 'No active rental for this phone number' });
    await run('returnRental', { phone: '0501112222' });
    await run('returnRental', { phone: '0501112222' });
    expect(returnRental).toHaveBeenLastCalledWith(api, { phone: '0501112222', session: 'session-wheel' });
  });
});

describe('the language', () => {
  it('a change is applied and kept in the language cookie for a year', () => {
    const actor = createActor(station, {
      input: { machineId: '15', language: 'en', now: new Date(2031, 2, 10, 10, 30).getTime() },
    }).start();
    actor.send({ type: 'language.change', language: 'es' });

    expect(changeLanguage).toHaveBeenCalledWith('es');
    expect(cookiesWritten).toEqual(['language=es; max-age=31536000; path=/; SameSite=Lax']);
  });
});
