"""Hermagor messages: (English, Hungarian).  Hungarian names follow the
Hungarian rulebook (Thaur's translation)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "name": ("Hermagor", "Hermagor"),
    "rules": (
        "Five rounds (four with 4–5 players), each in three phases. "
        "1 Market: stalls are filled with tiles and an action tile is turned: everyone takes that many "
        "trading posts. In turn order place up to 4 buyers, each on a free tile (2 money) or an empty "
        "numbered space (its number), or pass. "
        "2 Travel preparations: per market line your buyers on spaces earn 1/3/6/10 (crossings count "
        "twice). Each tile goes to the majority around and on its stall (ties: the buyer on the stall, "
        "then more side than corner buyers, else it stays). Taking a single good you may raise its "
        "price by 1 (max 10). Nobody leaves empty-handed: draw a goods tile. The holder of the "
        "lowest-numbered tile names the start player. "
        "3 Villages: in turn order one action each until all posts are used: move and sell (pay the "
        "roads, also out of the sale), sell where you stand, move without selling (half fare, return "
        "a post) or pass (return a post). Sell a good you hold in a village of that good without your "
        "post: earn its price, every other post there earns 1, place your post. Enclose a region with "
        "your posts: put a disc on the most valuable free slot of a production row it shows (earn it) "
        "and on the nobility track for a flag. "
        "End: each row you are in pays its red value, your smallest duchy count pays ×3 (×4 with 5), "
        "most posts on the main road +5, fewest −5. Most money wins; ties: more discs on the price "
        "table (nobility track included), then the nobility disc further right. "
        "2 players: a shared third colour; its enclosures always put a disc on the price table "
        "(the player to act picks the row).",
        "Öt forduló (4–5 játékosnál négy), mindegyik három fázisból. "
        "1. Piac: a bódékra lapkák kerülnek, felcsapunk egy akciólapkát: mindenki ennyi lerakatot kap. "
        "Sorban legfeljebb 4 vásárlót raktok le: gazdátlan lapkára (2 pénz) vagy üres számozott "
        "mezőre (a száma), vagy passzoltok. "
        "2. Készülődés: soronként/oszloponként a mezőkön álló vásárlóid 1/3/6/10 pénzt hoznak "
        "(kereszteződés kétszer számít). A lapkát a bódé körül és rajta legtöbb vásárlóval bíró "
        "játékos kapja (egyenlőségnél a bódén álló, majd a több oldalsó vásárló, különben marad). "
        "Közönséges árulapkánál az ár 1-gyel emelhető (legfeljebb 10). Akinek nincs árulapkája, húz "
        "egyet. A legkisebb számú lapka gazdája jelöli ki a kezdőjátékost. "
        "3. Falvak: sorban egy-egy cselekedet, amíg van lerakat: mozgás és árusítás (az utak ára, "
        "akár az eladásból), árusítás mozgás nélkül, mozgás árusítás nélkül (fél ár, egy lerakat "
        "vissza) vagy passz (egy lerakat vissza). Olyan faluban adhatsz el, ahol nincs lerakatod és "
        "az áruja nálad van: az ár a tiéd, a többi lerakat 1-et kap, lerakod a lerakatodat. Ha "
        "körbeveszel egy régiót, korong a termelőépülete sorának legértékesebb szabad mezőjére, "
        "zászlóért a nemességsávra. "
        "Vége: soronként a vörös érték, a legkisebb hercegségi szám ×3 (5 főnél ×4), főút +5/−5. "
        "A legtöbb pénz nyer; egyenlőségnél a több korong az ártáblázaton (a nemességsávon is), "
        "majd a nemességsávon előrébb álló korong. "
        "2 játékos: közös harmadik szín; ha körbevesz egy régiót, korongja mindig az ártáblázatra "
        "kerül (a soron lévő játékos választja a sort).",
    ),
    "option.tax": ("Tax official", "Adótisztviselő"),
    "option.tax.desc": ("The start player is decided in phase 1 by showing money.",
                        "A kezdőjátékos az 1. fázisban, a pénz felmutatásával dől el."),
    "option.six": ("6-action tile", "6-os akciólapka"),
    "option.six.desc": ("A 6 replaces one 4 among the action tiles (longer game).",
                        "A 6-os akciólapka kiváltja az egyik 4-est (hosszabb játék)."),
    "option.ten": ("10 starting money", "10 induló pénz"),
    "option.ten.desc": ("Start with 10 money instead of 20.", "20 helyett 10 pénzzel kezdtek."),
    # goods and buildings
    "good.corn": ("corn", "kukorica"),
    "good.amulet": ("amulets", "amulett"),
    "good.weapon": ("weapons", "fegyver"),
    "good.egg": ("dragon eggs", "sárkánytojás"),
    "good.salt": ("salt", "só"),
    "good.book": ("books", "könyv"),
    "good.blessing": ("blessings", "áldás"),
    "good.relic": ("relics", "ereklye"),
    "building.corn": ("corn field", "kukoricaföld"),
    "building.amulet": ("seer's tent", "látnoksátor"),
    "building.weapon": ("weaponsmith", "fegyverkovács"),
    "building.egg": ("dragon valley", "sárkányvölgy"),
    "building.salt": ("salt mine", "sóbánya"),
    "building.book": ("library", "könyvtár"),
    "building.blessing": ("temple", "templom"),
    "building.relic": ("cemetery", "temető"),
    "tile.single": ("tile {n}: {good} ↑", "{n}. lapka: {good} ↑"),
    "tile.double": ("tile {n}: {a} + {b}", "{n}. lapka: {a} + {b}"),
    "tile.fluct": ("Price fluctuation", "Áringadozás"),
    "tile.side": ("Side road", "Mellékút"),
    "tile.black": ("Black market", "Feketepiac"),
    "tile.deal": ("Good deal", "Jó üzlet"),
    "duchy.0": ("the northern duchy", "az északi hercegség"),
    "duchy.1": ("the southern duchy", "a déli hercegség"),
    "duchy.2": ("the western duchy", "a nyugati hercegség"),
    "shared": ("the shared colour", "a közös szín"),
    "village": ("village {n} ({good})", "{n}. falu ({good})"),
    "band": ("stalls {a}–{b}, spaces {lo}–{hi}", "{a}–{b} bódé, {lo}–{hi}. mező"),
    "where.stall": ("stall {name}", "a(z) {name} bódéra"),
    "where.space": ("space {name}", "a(z) {name}. mezőre"),
    # actions
    "act.band": ("Buyer: {band}", "Vásárló: {band}"),
    "act.sband": ("Shared buyer: {band}", "Közös vásárló: {band}"),
    "act.stall": ("Stall {name} — pay {cost}", "{name} bódé — {cost} pénz"),
    "act.space": ("Space {name} — pay {cost}", "{name}. mező — {cost} pénz"),
    "act.stall_shared": ("Stall {name} (free)", "{name} bódé (ingyen)"),
    "act.space_shared": ("Space {name} (free)", "{name}. mező (ingyen)"),
    "act.back": ("Back", "Vissza"),
    "act.pass_buyer": ("Pass (one buyer fewer)", "Passz (eggyel kevesebb vásárló)"),
    "act.skip_shared": ("No shared buyer this turn", "Most nincs közös vásárló"),
    "act.show": ("Show my money", "Megmutatom a pénzem"),
    "act.hide": ("Pass (keep it hidden)", "Passz (titokban tartom)"),
    "act.rise": ("Raise {good} to {price}", "{good} ára {price} legyen"),
    "act.norise": ("Leave the price", "Nem emelek árat"),
    "act.fluct": ("{good} to {price}", "{good}: {price}"),
    "act.start": ("{seat} starts", "{seat} kezd"),
    "act.sell": ("Sell here: {village} for {price}", "Árusítás itt: {village}, {price} pénz"),
    "act.move": ("Move and sell", "Mozgás és árusítás"),
    "act.side": ("Move and sell on the side road (half fare)", "Mozgás és árusítás mellékúton (fél ár)"),
    "act.move_in": ("Move and sell in {duchy}", "Mozgás és árusítás: {duchy}"),
    "act.side_in": ("Side road (half fare) into {duchy}", "Mellékúton (fél ár): {duchy}"),
    "act.walk": ("Move without selling to {duchy}", "Mozgás árusítás nélkül: {duchy}"),
    "act.pass": ("Pass (return a trading post)", "Passz (egy lerakat vissza)"),
    "act.spost": ("Place a shared trading post", "Közös lerakat lerakása"),
    "act.done": ("End turn", "Kör vége"),
    "act.move_to": ("{village}: fare {cost}, sells for {price}", "{village}: útiköltség {cost}, ár {price}"),
    "act.walk_to": ("{village}: pay {cost}", "{village}: {cost} pénz"),
    "act.spost_to": ("Shared post in {village}", "Közös lerakat: {village}"),
    "act.prod": ("Disc on {good} ({value})", "Korong: {good} ({value})"),
    "act.noprod": ("No production building", "Nem rakok termelőépületet"),
    # prompts
    "prompt.wait": ("Waiting for the other players.", "Várakozás a többiekre."),
    "prompt.tax": ("Tax official: show your money or pass.", "Adótisztviselő: mutasd meg a pénzed, vagy passzolj."),
    "prompt.buy": ("Place a buyer ({left} left) or pass.", "Rakj le egy vásárlót (még {left}), vagy passzolj."),
    "prompt.band": ("Choose a stall or a space.", "Válassz bódét vagy mezőt."),
    "prompt.band_shared": ("Choose a stall or a space for the shared buyer.", "Válassz bódét vagy mezőt a közös vásárlónak."),
    "prompt.rise": ("Raise the price of {good}?", "Megemeled: {good} ára?"),
    "prompt.fluct": ("Price fluctuation: raise the price of a good.", "Áringadozás: melyik áru ára nőjön?"),
    "prompt.name": ("Name the start player.", "Jelöld ki a kezdőjátékost."),
    "prompt.prod": ("Region {region} enclosed: place a production building?", "A(z) {region}. régió körbevéve: lerakod a termelőépületet?"),
    "prompt.prod_shared": ("Region {region} enclosed by the shared colour: choose the row for its disc.",
                           "A közös szín körbevett egy régiót ({region}): válaszd ki, melyik sorba kerüljön a korongja."),
    "prompt.act": ("Your action ({left} trading posts left).", "Cselekedj ({left} lerakatod van)."),
    "prompt.after": ("Place a shared trading post or end your turn.", "Rakj le közös lerakatot, vagy fejezd be a kört."),
    "prompt.move": ("Where do you move to sell?", "Hová mész árusítani?"),
    "prompt.side": ("Where do you move on the side road?", "Hová mész a mellékúton?"),
    "prompt.walk": ("Where do you move (without selling)?", "Hová mész (árusítás nélkül)?"),
    "prompt.spost": ("Where does the shared trading post go?", "Hová kerüljön a közös lerakat?"),
    # events
    "ev.round": ("Round {round}: action tile {actions}, {start} starts.", "{round}. forduló: {actions}-es akciólapka, {start} kezd."),
    "ev.show": ("{seat} shows {amount} money.", "{seat} {amount} pénzt mutat."),
    "ev.hide": ("{seat} passes.", "{seat} passzol."),
    "ev.tie_random": ("Tie: counting from {first} (drawn at random), {seat} decides.", "Egyenlőség: a véletlenül sorsolt {first} játékostól számolva {seat} dönt."),
    "ev.namer": ("{seat} names the start player.", "{seat} jelöli ki a kezdőjátékost."),
    "ev.buyer": ("{seat} places a buyer on {where} for {cost}.", "{seat} vásárlót rak {where} {cost} pénzért."),
    "ev.buyer_shared": ("{seat} places a shared buyer on {where}.", "{seat} közös vásárlót rak {where}."),
    "ev.pass_buyer": ("{seat} passes.", "{seat} passzol."),
    "ev.info": ("{seat} earns {amount} for market information.", "{seat} {amount} pénzt kap piaci információkért."),
    "ev.tile": ("{seat} takes {tile}.", "{seat} megszerzi: {tile}."),
    "ev.tile_shared": ("The shared colour takes {tile}: back into the bag.", "A közös szín szerzi meg: {tile}; vissza a zsákba."),
    "ev.tile_stays": ("{tile} stays on stall {stall}.", "{tile} a(z) {stall} bódén marad."),
    "ev.price": ("The price of {good} rises to {price}.", "{good} ára {price} lett."),
    "ev.rise": ("{seat} raises the price of {good} to {price}.", "{seat} megemeli: {good} ára {price}."),
    "ev.norise": ("{seat} leaves the price.", "{seat} nem emel árat."),
    "ev.deal": ("{seat} receives 5 money (good deal).", "{seat} 5 pénzt kap (jó üzlet)."),
    "ev.draw": ("{seat} had no goods tile and draws {tile}.", "{seat} nem szerzett árulapkát, húz: {tile}."),
    "ev.lowest": ("{seat} holds the lowest tile ({n}).", "{seat} lapkáján a legkisebb szám ({n})."),
    "ev.start": ("{seat} names {start} start player.", "{seat} kijelöli kezdőjátékosnak: {start}."),
    "ev.pass": ("{seat} passes and returns a trading post.", "{seat} passzol, egy lerakatot visszatesz."),
    "ev.walk": ("{seat} moves to {village} without selling for {cost}.", "{seat} árusítás nélkül {village} faluba megy {cost} pénzért."),
    "ev.move": ("{seat} moves to {village}, fare {cost}.", "{seat} {village} faluba megy, útiköltség {cost}."),
    "ev.sell": ("{seat} sells {good} in {village} for {price}.", "{seat} {good} árut ad el itt: {village}, {price} pénzért."),
    "ev.post_income": ("{seat} earns {amount} for a trading post there.", "{seat} {amount} pénzt kap az ottani lerakatáért."),
    "ev.black": ("Black market: the other trading posts earn nothing.", "Feketepiac: a többi lerakat nem kap pénzt."),
    "ev.spost": ("{seat} places a shared trading post in {village}.", "{seat} közös lerakatot rak ide: {village}."),
    "ev.enclose": ("{who} encloses region {region}.", "{who} körbeveszi a(z) {region}. régiót."),
    "ev.nobility": ("{who} takes a nobility place worth {value}.", "{who} a nemességsáv {value}-es mezőjére kerül."),
    "ev.nobility_full": ("No place left on the nobility track for {who}.", "A nemességsávon nincs hely ({who})."),
    "ev.nobility_nodisc": ("{who} has no disc left for the nobility track.", "{who} nem tud a nemességsávra lépni: nincs több korongja."),
    "ev.noprod_discs": ("Region {region} gives {who} no production building: no disc left.",
                        "{who} nem kap termelőépületet a körbevett régióért ({region}): nincs több korongja."),
    "ev.noprod_full": ("Region {region} gives {who} no production building: no free space on the {goods} row.",
                       "{who} nem kap termelőépületet a körbevett régióért ({region}): nincs szabad mező ebben a sorban: {goods}."),
    "ev.noprod_full_rows": ("Region {region} gives {who} no production building: no free space on the {goods} rows.",
                            "{who} nem kap termelőépületet a körbevett régióért ({region}): nincs szabad mező ezekben a sorokban: {goods}."),
    "ev.move_side": ("{seat} takes the side road to {village}: half fare {cost} instead of {full}; the tile goes back into the bag.",
                     "{seat} mellékúton megy {village} faluba: fél útiköltség, {full} helyett {cost}; a lapka visszakerül a zsákba."),
    "and2": ("{g0} and {g1}", "{g0} és {g1}"),
    "and3": ("{g0}, {g1} and {g2}", "{g0}, {g1} és {g2}"),
    "ev.prod": ("{who} builds on the {good} row for {value}.", "{who} termelőépülete a(z) {good} sorba kerül: {value}."),
    "ev.noprod": ("{who} builds no production building.", "{who} nem rak le termelőépületet."),
    "ev.round_end": ("Round {round} is over; the tiles go back into the bag.", "A(z) {round}. forduló véget ért, a lapkák visszakerülnek a zsákba."),
    "ev.money": ("You have {amount} money.", "{amount} pénzed van."),
    "ev.final": ("{seat}: production {prod}, trading posts {posts}, main road {road} → {total}.",
                 "{seat}: termelőépületek {prod}, lerakatok {posts}, főút {road} → {total}."),
    "final.prod": ("Production buildings: {amount}", "Termelőépületek: {amount}"),
    "final.posts": ("Trading posts {a}/{b}/{c}: {amount}", "Lerakatok {a}/{b}/{c}: {amount}"),
    "final.road": ("Main road: {amount}", "Főút: {amount}"),
    "final.total": ("Total: {amount} money, {discs} discs on the price table", "Összesen: {amount} pénz, {discs} korong az ártáblázaton"),
    "err.not_now": ("It is not your turn.", "Most nem te következel."),
    "err.illegal": ("That move is not possible now.", "Ez a lépés most nem lehetséges."),
    # renderer
    "ui.round": ("Round {round}", "{round}. forduló"),
    "ui.actions_left": ("Action tiles left: {n}", "Hátralévő akciólapkák: {n}"),
    "ui.market": ("Market", "Piactér"),
    "ui.prices": ("Price table", "Ártáblázat"),
    "ui.nobility": ("Nobility", "Nemesség"),
    "ui.posts": ("posts {n}", "lerakat {n}"),
    "ui.discs": ("discs {n}", "korong {n}"),
    "ui.buyers": ("buyers {n}", "vásárló {n}"),
    "ui.start": ("start player", "kezdőjátékos"),
    "ui.money": ("Your money: {amount}", "Pénzed: {amount}"),
    "ui.tiles": ("Your tiles", "Lapkáid"),
    "ui.no_tiles": ("no tiles", "nincs lapka"),
    "ui.main_road": ("main road", "főút"),
    "ui.bag": ("bag: {n} tiles", "zsák: {n} lapka"),
    "ui.turn": ("to act: {seat}", "soron: {seat}"),
    "ui.over": ("Game over", "Vége a játéknak"),
    "ui.winner": ("Winner: {seat}", "Győztes: {seat}"),
    "ui.winners": ("Shared win: {names}", "Megosztott győzelem: {names}"),
    "ui.result_row": ("{rank}. {seat}: {amount} money · {discs} discs on the price table",
                      "{rank}. {seat}: {amount} pénz · {discs} korong az ártáblázaton"),
    "ui.result_detail": ("production {prod}, trading posts {posts}, main road {road}",
                         "termelőépületek {prod}, lerakatok {posts}, főút {road}"),
    "ui.tie_discs": ("Tiebreak ({amount} money each): {seat} has more discs on the price table.",
                     "Holtverseny ({amount} pénz): {seat} javára dönt a több korong az ártáblázaton."),
    "ui.tie_nobility": ("Tiebreak ({amount} money, {discs} discs each): {seat} has the nobility disc further right.",
                        "Holtverseny ({amount} pénz, {discs} korong): {seat} korongja áll előrébb a nemességsávon."),
    "ui.tie_shared": ("Equal in money, discs and nobility: {names} share the place.",
                      "Pénzben, korongban és nemességben egyenlők: {names} osztoznak a helyen."),
    "ui.action_tile": ("action tile:", "akciólapka:"),
    "ui.legend_post": ("trading post", "lerakat"),
    "ui.legend_building": ("production building (region)", "termelőépület (régió)"),
    "ui.legend_flag": ("nobility flag", "nemesség zászlaja"),
    "ui.river": ("river: border of the duchies", "folyó: a hercegségek határa"),
    "ui.shared_left": ("shared: {n}", "közös: {n}"),
    # private summary (offline console)
    "summary.money": ("Money: {amount}", "Pénz: {amount}"),
    "summary.posts": ("Trading posts: {n} in front of you, {supply} in your supply",
                      "Lerakatok: {n} előtted, {supply} a készletedben"),
    "summary.shared": ("Shared colour: {posts} trading posts, {buyers} buyers",
                       "Közös szín: {posts} lerakat, {buyers} vásárló"),
    "summary.buyers": ("Buyers left: {n}", "Vásárlók: még {n}"),
    "summary.discs": ("Production discs left: {n}", "Termelőépület-korongok: még {n}"),
    "summary.tiles": ("Tiles ({n}): {tiles}", "Lapkák ({n}): {tiles}"),
    "summary.no_tiles": ("Tiles: none", "Lapkák: nincs"),
}
