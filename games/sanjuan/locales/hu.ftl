### San Juan messages: (English, Hungarian).  Hungarian card and role names are
### the rulebook's ("Lapjegyzék"); English ones are the published names.

name = San Juan
rules = San Juan: építsd a leggazdagabb várost. Minden körben a kormányzótól kezdve mindenki választ egyet az öt szerep közül; az akciót mindenki végrehajtja, a választó elsőként és kiváltsággal. Építész: építs egy épületet, az árát kézből fizetve (az építész 1-gyel kevesebbet fizet). Iparos: tegyél egy árut (lefordított lapot) egy üres termelőépületre (az iparos kettőt). Kereskedő: adj el egy árut a kereskedőház-karton szerinti lapért (a kereskedő kettőt). Tanácsos: húzz 2 lapot, tarts meg 1-et (a tanácsos 5-öt húz). Aranyásó: csak a választó húz 1 lapot. A lila épületek módosítják a szabályokat, és az építésük utáni építész-fázistól működnek; mindegyikből csak egy lehet egy játékosnak. Két játékosnál a kormányzó az ellenfél után még egy szerepet választ. A kör elején a kápolna tulajdonosa egy lapot tehet a kápolna alá, aztán a 7 (torony: 12) feletti lapokat el kell dobni. A játék annak az építész-fázisnak a végén ér véget, amelyben valaki megépíti 12. épületét. Pontok: épületek, kápolna alatti lapok, céhház, városháza, diadalív, végül a palota. Döntetlennél a több kézben tartott lap és áru nyer.
option-start_choice = Kezdőlapok választása
option-start_choice-desc = Opcionális szabály: a kormányzó 5, a többiek sorban 6, 7 és 8 lapot néznek meg; mindenki 4-et tart meg.

## cards

card-indigo_plant = Indigófeldolgozó
card-sugar_mill = Cukormalom
card-tobacco_storage = Dohányszárító
card-coffee_roaster = Kávépörkölő
card-silver_smelter = Ezüstolvasztó
card-smithy = Kovácsműhely
card-archive = Levéltár
card-gold_mine = Aranybánya
card-market_stand = Elárusítóhely
card-black_market = Feketepiac
card-poor_house = Szegényház
card-well = Kút
card-trading_post = Kereskedőállomás
card-crane = Daru
card-tower = Torony
card-aqueduct = Vízvezeték
card-prefecture = Prefektúra
card-carpenter = Ácsműhely
card-chapel = Kápolna
card-market_hall = Vásárcsarnok
card-quarry = Kőbánya
card-library = Könyvtár
card-statue = Szobor
card-victory_column = Győzelmi oszlop
card-hero = Hősi emlékmű
card-guild_hall = Céhház
card-city_hall = Városháza
card-triumphal_arch = Diadalív
card-palace = Palota

## one-line reminders printed on the hand cards

help-indigo_plant = indigót termel
help-sugar_mill = cukrot termel
help-tobacco_storage = dohányt termel
help-coffee_roaster = kávét termel
help-silver_smelter = ezüstöt termel
help-smithy = termelőépület 1-gyel olcsóbb
help-archive = tanácsos: a kezedből is dobhatsz
help-gold_mine = aranyásó: 4 lap; ha mind más költségű, egyet megtartasz
help-market_stand = 2+ áru eladása: +1 lap
help-black_market = legfeljebb 2 áruval is fizethetsz
help-poor_house = építés után 0–1 lapnál: +1 lap
help-well = 2+ áru termelése: +1 lap
help-trading_post = kereskedő-fázis: +1 eladható áru
help-crane = ráépíthetsz egy épületedre
help-tower = kézlimit 12
help-aqueduct = iparos-fázis: +1 áru
help-prefecture = tanácsos-fázis: 2 lapot tartasz meg
help-carpenter = lila épület után: +1 lap
help-chapel = minden körben egy lap alá: 1 pont
help-market_hall = eladáskor +1 lap
help-quarry = lila épület 1-gyel olcsóbb
help-library = dupla kiváltság
help-statue = monumentum
help-victory_column = monumentum
help-hero = monumentum
help-guild_hall = +2 pont termelőépületenként
help-city_hall = +1 pont lila épületenként
help-triumphal_arch = monumentum 1/2/3: +4/6/8 pont
help-palace = minden 4 pont után +1 pont

## roles and goods

role-builder = Építész
role-producer = Iparos
role-trader = Kereskedő
role-councillor = Tanácsos
role-prospector = Aranyásó
governor = Kormányzó
good-indigo = indigó
good-sugar = cukor
good-tobacco = dohány
good-coffee = kávé
good-silver = ezüst

## action labels

act-role = { $role }
act-role_save = { $role } (a könyvtár későbbre marad)
act-build = Építés: { $card }
act-pay = Fizetés ezzel: { $card }
act-paygood = Fizetés áruval ({ $good })
act-onto_new = Új épületként
act-onto = Ráépítés erre: { $card } (daru)
act-keep = Megtartom: { $card }
act-discard = Eldobom: { $card }
act-tuck = A kápolna alá: { $card }
act-produce = Áru erre: { $card }
act-sell = Eladás: { $good }
act-pass = Passz
act-done = Kész
act-undo = Újrakezdés
act-cancel = Mégsem építem
act-confirm = Megerősítés

## prompts

prompt-role = Válassz szerepet.
prompt-wait_role = { $player } szerepet választ.
prompt-wait_build = { $player } épít.
prompt-wait = Várakozás a többi játékosra.
prompt-over = A játék véget ért.
prompt-build = Válaszd ki, mit építesz, vagy passzolj.
prompt-onto = Hová kerüljön: { $card }?
prompt-pay = Fizess még { $n } lapot ezért: { $card }.
prompt-chapel = Tehetsz egy lapot a kápolnád alá.
prompt-produce = Válassz épületet az árunak (még { $n } lehet).
prompt-sell = Válassz eladandó árut (még { $n } lehet).
prompt-keep = Tanácsos: tarts meg még { $n } lapot.
prompt-archive = Tanácsos (levéltár): dobj el még { $n } lapot a kezedből.
prompt-start = Válaszd ki a kezdőlapjaidat: tarts meg még { $n } lapot.
prompt-limit = Kézlimit: dobj el még { $n } lapot.
prompt-gold_mine = Aranybánya: tarts meg egy lapot.
prompt-confirm = Erősítsd meg a választásodat.

## events

ev-first_governor = { $player } az első kormányzó: mindenki kiválasztja a kezdőlapjait (a kormányzótól 5/6/7/8 lapból 4-et).
ev-round = { $n }. kör: { $player } a kormányzó.
ev-role = { $player } választása: { $role }.
ev-role_lib = { $player } választása: { $role } (a könyvtár megduplázza a kiváltságot).
ev-build = { $player } megépítette: { $card } (fizetett: { $paid }).
ev-build_over = { $player } megépítette: { $card }, a daruval { ARTICLE($old) } { $old } helyére (fizetett: { $paid }).
ev-paid_goods = { $player } { $n } áruval fizetett a feketepiacon.
ev-pass_build = { $player } nem épített.
ev-cannot_build = { $player } nem tud építeni.
ev-draw = { $player } húzott { $n } lapot ({ $why }).
ev-you_drew = Ezeket húztad: { $cards }.
ev-you_look = Ezeket nézed meg: { $cards }.
ev-you_tucked = A kápolnád alá tetted: { $card }.
ev-gold_mine_hit = { $player } aranybányája felcsapja: { $cards } — négy különböző ár, { $player } megtart egyet.
ev-gold_mine_miss = { $player } aranybányája felcsapja: { $cards } — van egyező ár, mind a dobópaklira kerül.
ev-gold_mine_empty = { $player } aranybányája: nincs több felcsapható lap.
ev-gold_mine_kept = { $player } elvette az aranybányából: { $card }.
ev-produce = { $player } termelt: { $goods }.
ev-sell = { $player } eladta: { $goods }.
ev-tile = Kereskedőház: indigó { $indigo }, cukor { $sugar }, dohány { $tobacco }, kávé { $coffee }, ezüst { $silver }.
ev-council_draw = { $player } { $n } lapot húzott a tanácsos-fázisban.
ev-council_kept = { $player } kiválasztotta, mit tart meg.
ev-start_kept = { $player } kiválasztotta a kezdőlapjait.
ev-limit_discard = { $player } eldobta a kézlimit feletti lapokat.
ev-reshuffle = A dobott lapokból új húzópakli lett ({ $n } lap).
ev-deck_empty = Nincs több húzható lap.
ev-game_end = Felépült egy 12. épület: a játék véget ért.
ev-stalled = Egyetlen lap sem mozdulhat már: a játék itt véget ér.
why-carpenter = ácsműhely
why-poor_house = szegényház
why-well = kút
why-trade = kereskedés
why-market_hall = vásárcsarnok
why-market_stand = elárusítóhely
why-prospector = aranyásó

## score sheet

score-buildings = Épületek: { $n }
score-chapel = Kápolna alatti lapok: { $n }
score-bonus = { $card }: +{ $n }
score-total = Összesen: { $n }
score-tiebreak = Kézben tartott lapok + áruk: { $n }

## errors

error-role_taken = Ezt a szerepet már elvitték ebben a körben.
error-not_in_hand = Nincs ilyen lap a kezedben.
error-already_built = Már van { $card } épületed: lila épületből mindegyikből csak egy lehet.
error-cannot_afford = Nem tudod kifizetni: { $card } ({ $n } lap).

## renderer texts

ui-round = { $n }. kör
ui-deck = Pakli { $n }
ui-discard = Dobott { $n }
ui-hand = Kéz { $n }
ui-buildings = { $n } épület
ui-vp = { $n } GYP
ui-tile = Kereskedőház
ui-roles = Szerepek ebben a körben
ui-to_act = Lép: { $players }
ui-score = Pont { $n }
ui-winner = Győztes: { $players }
ui-winner_tiebreak = Győztes: { $players } — { $n } ponttal holtverseny, a kézben tartott lapok + áruk döntöttek
ui-winner_shared = Közös győzelem: { $players } — azonos pontszám, azonos kézben tartott lapok + áruk
ui-legend = Lapok: ár balra fent · győzelmi pont jobbra lent (? = pont a játék végén) · barna négyzet: áru
ui-cost = ár
ui-points = GYP
ui-gold_mine = Az aranybánya felcsapta: { $cards }
ui-your_hand = A kezed ({ $n })
ui-chapel = A kápolnád alatt: { $n }
ui-looking = Lapok, amiket most nézel
ui-picked = Eddig kiválasztva
ui-building = Építés: { $card }, fizetve { $paid } / { $need }
ui-selected = Kiválasztva: { $n } (legfeljebb { $lim })
ui-covered = daru alatt: { $n }
ui-new = új
ui-goods_n = Áru { $n }
ui-cost_vp = ár { $cost } · { $vp } GYP

## private summary (offline console)

summary-hand = A kezed ({ $n }): { $cards }
summary-hand_empty = A kezed: nincs lapod
summary-times = { $n }× { $card }
summary-chapel = A kápolnád alatt ({ $n }): { $cards }
summary-chapel_empty = A kápolnád alatt: nincs lap
summary-look = Most nézed ({ $n }): { $cards }
summary-kept = Eddig megtartva ({ $n }): { $cards }
summary-discarded = Eddig eldobva ({ $n }): { $cards }
summary-building = Építés: { $card }, fizetve { $paid } / { $need }
summary-produce = Termelésre kiválasztva ({ $n }, legfeljebb { $lim }): { $goods }
summary-sell = Eladásra kiválasztva ({ $n }, legfeljebb { $lim }): { $goods }
summary-goods = Áruk az épületeiden ({ $n }): { $goods }
