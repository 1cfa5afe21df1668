// tianyuan driven the way Sabaki drives an engine: through @sabaki/gtp.
// TIANYUAN names the binary (tests/sabaki.rs sets it).
const test = require('node:test')
const assert = require('node:assert')
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

const binary = process.env.TIANYUAN
assert.ok(binary, 'set TIANYUAN to the tianyuan binary')

function engine(args = []) {
  const controller = new Controller(binary, ['--threads', '2', ...args])
  controller.start()
  return controller
}

test('attach: name, version, protocol_version, list_commands', async () => {
  const c = engine()
  try {
    const name = await c.sendCommand({name: 'name'})
    assert.strictEqual(name.content, 'tianyuan')
    const version = await c.sendCommand({name: 'version'})
    assert.ok(!version.error && version.content.length > 0)
    const protocol = await c.sendCommand({name: 'protocol_version'})
    assert.strictEqual(protocol.content, '2')
    const list = await c.sendCommand({name: 'list_commands'})
    const names = list.content.split('\n')
    for (const n of ['lz-analyze', 'kata-analyze', 'analyze', 'lz-genmove_analyze',
      'kata-genmove_analyze', 'genmove_analyze', 'set_free_handicap', 'undo']) {
      assert.ok(names.includes(n), `list_commands lacks ${n}`)
    }
  } finally {
    await c.stop()
  }
})

test('pipelined sync with set_free_handicap and non-alternating plays', async () => {
  const c = engine()
  const tracker = new ControllerStateTracker(c)
  try {
    const history = [
      {name: 'set_free_handicap', args: ['C3', 'G7']},
      {name: 'play', args: ['W', 'E5']},
      {name: 'play', args: ['W', 'D5']},
      {name: 'play', args: ['B', 'E4']},
      {name: 'play', args: ['B', 'D4']}
    ]
    await tracker.sync({komi: 0.5, boardsize: [9, 9], history})
    const black = await c.sendCommand({name: 'list_stones', args: ['black']})
    assert.deepStrictEqual(black.content.split(' ').sort(), ['C3', 'D4', 'E4', 'G7'])
    const white = await c.sendCommand({name: 'list_stones', args: ['white']})
    assert.deepStrictEqual(white.content.split(' ').sort(), ['D5', 'E5'])
    // A second sync that shares a prefix takes back a move and plays others.
    await tracker.sync({
      komi: 0.5,
      boardsize: [9, 9],
      history: [...history.slice(0, 4), {name: 'play', args: ['W', 'F4']}]
    })
    const after = await c.sendCommand({name: 'list_stones', args: ['white']})
    assert.deepStrictEqual(after.content.split(' ').sort(), ['D5', 'E5', 'F4'])
    const komi = await c.sendCommand({name: 'printsgf'})
    assert.match(komi.content, /KM\[0\.5\]/)
  } finally {
    await c.stop()
  }
})

test('analysis stream stopped by protocol_version', async () => {
  const c = engine(['--size', '9'])
  try {
    await c.sendCommand({name: 'play', args: ['B', 'E5']})
    const lines = []
    const analysis = c.sendCommand({name: 'lz-analyze', args: ['W', '10']}, ({line}) => {
      if (line.startsWith('info ')) lines.push(line)
    })
    // Wait for a few reports, then stop the stream the way Sabaki does.
    const start = Date.now()
    while (lines.length < 3 && Date.now() - start < 10000) {
      await new Promise(r => setTimeout(r, 20))
    }
    assert.ok(lines.length >= 3, `only ${lines.length} info lines`)
    const stopped = Date.now()
    const protocol = c.sendCommand({name: 'protocol_version'})
    const response = await analysis
    assert.ok(!response.error)
    assert.strictEqual((await protocol).content, '2')
    assert.ok(Date.now() - stopped < 2000, 'the stream stops at once')
    for (const line of lines) {
      assert.match(line, /^info move [A-HJ-T]\d+ visits \d+ winrate \d+ prior \d+ lcb \d+ order 0 pv /)
    }
    const black = await c.sendCommand({name: 'list_stones', args: ['black']})
    assert.strictEqual(black.content, 'E5')
  } finally {
    await c.stop()
  }
})

test('genmove_analyze: info lines, then the move, played on the board', async () => {
  const c = engine(['--size', '9', '--playouts', '20000'])
  const tracker = new ControllerStateTracker(c)
  try {
    await tracker.sync({komi: 7.5, boardsize: [9, 9], history: []})
    for (const name of ['lz-genmove_analyze', 'kata-genmove_analyze', 'genmove_analyze']) {
      const color = tracker.state.history.length % 2 === 0 ? 'B' : 'W'
      const lines = []
      const response = await c.sendCommand({name, args: [color, '5']}, ({line}) => lines.push(line))
      assert.ok(!response.error, `${name}: ${response.content}`)
      const play = lines.map(l => l.match(/^play (\S+)$/)).find(m => m)
      assert.ok(play, `${name}: no play line in ${JSON.stringify(lines)}`)
      assert.ok(lines.some(l => l.startsWith('info move ')), `${name}: no info line`)
      const stones = await c.sendCommand({name: 'list_stones', args: [color === 'B' ? 'black' : 'white']})
      assert.ok(stones.content.split(' ').includes(play[1]), `${play[1]} not on the board`)
      // Sabaki's tracker saw the move too.
      const last = tracker.state.history[tracker.state.history.length - 1]
      assert.deepStrictEqual(last, {name: 'play', args: [color, play[1]]})
    }
  } finally {
    await c.stop()
  }
})
