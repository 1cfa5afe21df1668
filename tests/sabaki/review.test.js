// Records reviewed by `tianyuan review`, read with @sabaki/sgf, the SGF
// parser Sabaki itself uses, and checked the way Sabaki's win-rate graph
// reads them: SBKV (Black's win rate, 0..100) and SBKS (Black's lead) on
// every node of the main line, as plain numbers. REVIEWED names the files
// (comma-separated; tests/sabaki.rs reviews them first).
const test = require('node:test')
const assert = require('node:assert')
const fs = require('node:fs')
const sgf = require('@sabaki/sgf')

const files = (process.env.REVIEWED || '').split(',').filter(f => f)

test('reviewed records parse and carry the graph on every node', () => {
  assert.ok(files.length > 0, 'set REVIEWED to the reviewed records')
  for (const file of files) {
    const [root] = sgf.parse(fs.readFileSync(file, 'utf8'))
    assert.ok(root, `${file}: no game tree`)
    let moves = 0
    let marked = 0
    let lines = 0
    for (let node = root; node; node = node.children[0]) {
      // Sabaki's winrateData: +x.data.SBKV[0] on each node of the line.
      const kv = +node.data.SBKV[0]
      const ks = +node.data.SBKS[0]
      assert.ok(Number.isFinite(kv) && kv >= 0 && kv <= 100, `${file}: SBKV ${node.data.SBKV}`)
      assert.ok(Number.isFinite(ks), `${file}: SBKS ${node.data.SBKS}`)
      if (node.data.B || node.data.W) {
        moves++
        assert.ok(node.data.C[0].includes('tianyuan: '), `${file}: no comment on move ${moves}`)
      }
      if (node.data.BM || node.data.DO) marked++
      lines += node.children.length > 1 ? node.children.length - 1 : 0
    }
    assert.ok(moves > 30, `${file}: ${moves} moves`)
    assert.ok(root.data.C[0].includes('Reviewed by tianyuan'), `${file}: no summary`)
    // Each marked move has the engine's line beside it.
    assert.ok(lines >= marked, `${file}: ${marked} marked, ${lines} lines`)
    console.log(`${file}: ${moves} moves, ${marked} marked, ${lines} variations`)
  }
})
