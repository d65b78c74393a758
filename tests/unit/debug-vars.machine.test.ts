/** /debug_vars: the base host form (requirements.md §3: the base host is kept in local storage). */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { debugVarsMachine } from '../../machines/debug-vars/debug-vars.machine';
import { selectDraft, selectProblem, selectSaved, selectStored } from '../../machines/debug-vars/debug-vars.selectors';

function startForm(stored: string | null = null) {
  const storage: { writes: string[]; clears: number } = { writes: [], clears: 0 };
  const actor = createActor(
    debugVarsMachine.provide({
      actions: {
        storeBaseHost: (_, host) => storage.writes.push(host),
        clearBaseHost: () => {
          storage.clears += 1;
        },
      },
    }),
    { input: { stored } },
  ).start();
  const view = () => {
    const snapshot = actor.getSnapshot();
    return {
      value: snapshot.value,
      draft: selectDraft(snapshot),
      stored: selectStored(snapshot),
      problem: selectProblem(snapshot),
      saved: selectSaved(snapshot),
    };
  };
  return { actor, storage, view };
}

describe('debugVarsMachine', () => {
  it('starts editing the stored host, or an empty field when none is stored', () => {
    expect(startForm('https://api.example.com').view()).toEqual({
      value: { Editing: 'Drafting' },
      draft: 'https://api.example.com',
      stored: 'https://api.example.com',
      problem: undefined,
      saved: undefined,
    });
    expect(startForm().view()).toMatchObject({ draft: '', stored: null });
  });

  it('typing shows no error yet, even for an unfinished address', () => {
    const { actor, view } = startForm();
    actor.send({ type: 'baseHost.change', value: 'https://' });
    expect(view()).toMatchObject({ value: { Editing: 'Drafting' }, draft: 'https://', problem: undefined });
  });

  it('saving a valid address stores it in its normal form and says it is saved', () => {
    const { actor, storage, view } = startForm();
    actor.send({ type: 'baseHost.change', value: ' https://api.example.com/ ' });
    actor.send({ type: 'baseHost.save' });
    expect(storage.writes).toEqual(['https://api.example.com']);
    expect(view()).toEqual({
      value: { Saved: 'Custom' },
      draft: 'https://api.example.com',
      stored: 'https://api.example.com',
      problem: undefined,
      saved: 'custom',
    });
  });

  it('saving an invalid address stores nothing and shows why', () => {
    const { actor, storage, view } = startForm('https://old.example.com');
    actor.send({ type: 'baseHost.change', value: 'api.example.com' });
    actor.send({ type: 'baseHost.save' });
    expect(storage.writes).toEqual([]);
    expect(view()).toEqual({
      value: { Editing: 'Invalid' },
      draft: 'api.example.com',
      stored: 'https://old.example.com',
      problem: 'notUrl',
      saved: undefined,
    });
  });

  it('an empty field cannot be saved: "Use the default" removes the host', () => {
    const { actor, storage, view } = startForm();
    actor.send({ type: 'baseHost.save' });
    expect(view()).toMatchObject({ value: { Editing: 'Invalid' }, problem: 'empty' });
    expect(storage.writes).toEqual([]);
  });

  it('once an error shows, each change checks again: the error follows the text and goes when it is valid', () => {
    const { actor, view } = startForm();
    actor.send({ type: 'baseHost.change', value: 'ftp://x.example' });
    actor.send({ type: 'baseHost.save' });
    expect(view().problem).toBe('notHttp');
    actor.send({ type: 'baseHost.change', value: 'https://x.example?a=1' });
    expect(view()).toMatchObject({ value: { Editing: 'Invalid' }, problem: 'extraParts' });
    actor.send({ type: 'baseHost.change', value: 'https://x.example' });
    expect(view()).toMatchObject({ value: { Editing: 'Drafting' }, problem: undefined });
  });

  it('"Use the default" removes the stored host, empties the field and says so', () => {
    const { actor, storage, view } = startForm('https://api.example.com');
    actor.send({ type: 'baseHost.reset' });
    expect(storage.clears).toBe(1);
    expect(view()).toEqual({
      value: { Saved: 'Default' },
      draft: '',
      stored: null,
      problem: undefined,
      saved: 'default',
    });
  });

  it('"Use the default" works while an error shows, and clears it', () => {
    const { actor, storage, view } = startForm();
    actor.send({ type: 'baseHost.change', value: 'nope' });
    actor.send({ type: 'baseHost.save' });
    actor.send({ type: 'baseHost.reset' });
    expect(storage.clears).toBe(1);
    expect(view()).toMatchObject({ value: { Saved: 'Default' }, problem: undefined });
  });

  it('after saving, a change starts a new draft and the saved message goes', () => {
    const { actor, storage, view } = startForm();
    actor.send({ type: 'baseHost.change', value: 'https://one.example' });
    actor.send({ type: 'baseHost.save' });
    actor.send({ type: 'baseHost.change', value: 'https://two.example' });
    expect(view()).toMatchObject({ value: { Editing: 'Drafting' }, saved: undefined, stored: 'https://one.example' });
    actor.send({ type: 'baseHost.save' });
    expect(storage.writes).toEqual(['https://one.example', 'https://two.example']);
    expect(view().stored).toBe('https://two.example');
  });

  it('saving again without a change writes the same host again', () => {
    const { actor, storage } = startForm('https://api.example.com');
    actor.send({ type: 'baseHost.save' });
    actor.send({ type: 'baseHost.save' });
    expect(storage.writes).toEqual(['https://api.example.com', 'https://api.example.com']);
  });
});
