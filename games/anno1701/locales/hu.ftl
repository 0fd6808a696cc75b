### Anno 1701 message catalogue: key (without "anno1701.") → (English, Hungarian).
###
### Hungarian names follow the rulebook (Centaur's translation); buildings the
### rulebook names only in German get a plain Hungarian rendering.

name = Anno 1701 kártyajáték
rules =
    Két rivális település versenyez a királynő kegyéért. A lakosok minden fejlesztése (felfedező → telepes → polgár → üzletember) egy dicsőségpont: 7 pont vagy két üzletember azonnal nyer; akinek mindkét faluközpontjában lázongás tör ki (elfogy az aranya), azonnal veszít.
    Kör: dobás a számkockával (a dobott számú tájkártyák, hajó és épületek mindkét játékosnál termelnek) és az eseménykockával (tűz, királynő, adó, kereskedő, kereskedelmi előny, kalózvadászat). Utána tetszőleges sorrendben: építés, lakosfejlesztés (telepes 2 étel + 2 posztó; polgár 2 étel + 2 rum + 1 dohány; üzletember 2 étel + 2 rum + 2 dohány), hajójavítás (lépésenként 1 fa), akció kártyák, csere a bankkal (3 azonosért 1) vagy ajánlat az ellenfélnek, a dobott számú épületek funkciói. Végül hajóút vagy húzás 3 lapig (I. korszak; telepestől II.; polgártól III.; 1 aranyért átnézhetsz egy paklit; 3 lappal egyet cserélhetsz).
    Hajóút: legfeljebb 3 + vitorlák utazás kártya (kapitány +1, parancsnok +2), mindegyik azonnal hat; bármikor megállhatsz. Rum és dohány csak hajóúton szerezhető, csak fejlesztésre. Az ágyúk a kalózok ellen harcolnak; 3 pénzeszsák / 3 ágyú elsőként kereskedelmi / tengeri fennhatóságot ad, később csak a többség tartja meg.
    Arany: minden elköltött aranyat a választott faluközpontod fizeti (az arany nélküli faluközpontban lázongás tör ki, és az általa őrzött tájkártyák nem termelnek). Asztalbeállítás (a szabálykönyvben nincs): alapból körönként legfeljebb 2 cserejánlat az ellenfélnek, a végtelen alkudozás ellen.
option-offers = Cserejánlatok körönként
option-offers-desc = A szabálykönyvben nincs: hány cserejánlatot tehet a soron lévő játékos egy körben az ellenfelének (alapból 2, a végtelen alkudozás ellen; 0 = nincs korlát).

## goods

good-wood = Fa
good-cloth = Posztó
good-food = Étel
good-brick = Tégla
good-tools = Szerszám
good-rum = Rum
good-tobacco = Dohány
good-gold = Arany

## citizen levels

level-explorer = Felfedező
level-settler = Telepes
level-citizen = Polgár
level-merchant = Üzletember

## cards: settlement

card-explorer = Felfedező
card-settler = Telepes
card-citizen = Polgár
card-merchant = Üzletember
card-centre = Faluközpont
card-summary = Összefoglaló
card-forest = Erdő
card-pasture = Legelő
card-field = Szántóföld
card-claypit = Agyaggödör
card-mine = Bánya
card-warehouse_rum = Rumraktár
card-warehouse_tobacco = Dohányraktár
card-ship = Hajó

## cards: buildings

card-lumberjack = Favágókunyhó
card-sheepfarm = Juhfarm
card-farm = Farm
card-brickworks = Téglaégető
card-smelter = Ércolvasztó
card-guildhall = Céhház
card-chapel = Kápolna
card-school = Iskola
card-church = Templom
card-theatre = Színház
card-landing = Kikötő
card-firestation = Tűzoltóállomás
card-lodge = Páholy
card-shipyard = Nagy hajógyár
card-foundry = Ágyúöntöde
card-foundry2 = Nagy ágyúöntöde
card-sailmaker = Vitorlakészítő
card-sailmaker2 = Nagy vitorlakészítő
card-market = Piactér
card-tradinghouse = Kereskedőház

## cards: actions

card-bishop = Püspök
card-inventor = Feltaláló
card-poisoner = Méregkeverő
card-captain = Kapitány
card-commander = Parancsnok
card-agitator = Felbujtó
card-spy = Kém
card-pickpocket = Tolvaj

## cards: voyage

card-tribute = A kalózok sarcot követelnek
card-siege = A kalózok ostrom alatt tartják a szabadkereskedőket
card-freetrader = Szabadkereskedők
card-foreign = Idegen nép
card-cliffs = Veszélyes szirtek
card-tornado = Tornádó
card-flotsam = Úszó rakomány a veszélyes szirtek között
card-shipwrecked = Hajótöröttek

## card texts (renderer)

text-bishop = 1 arany kápolnánként, 2 templomonként
text-inventor = Kapsz 2 tetszőleges tájárut
text-poisoner = Polgárral bíró ellenfél 2 tájárut veszít
text-captain = Hajóút: +1 sebesség, +1 harci erő
text-commander = Hajóút: +2 sebesség, +2 harci erő
text-agitator = Ellenfeled 2 aranyat veszít
text-spy = Elveszel egy lapot az ellenfél kezéből
text-pickpocket = +1 arany, ellenfél −1 arany
text-guildhall = Tetszőleges tájáru
text-landing = Tájáru csere
text-lodge = Kézlap ↔ felső dobott lap
text-firestation = Tűznél nem fizetsz
text-shipyard = 1 fa: hajó +2
text-theatre = 1 arany: érvénytelenít
text-build_gold = +{ $n } arany építéskor

## dominance

token-trade = kereskedelmi fennhatóság
token-sea = tengeri fennhatóság

## event die

ev-die-fire = Tűz
ev-die-queen = Királynő
ev-die-tax = Adó
ev-die-trader = Kereskedő
ev-die-advantage = Kereskedelmi előny
ev-die-hunt = Kalózvadászat

## action labels

act-roll = Dobás a kockákkal
act-build = Építés: { $card }
act-play = Kijátszás: { $card }
act-upgrade = Fejlesztés: { $level }
act-ship = Hajó fejlesztése (1 fa)
act-use = Funkció: { $card }
act-bank = Bank: 3 { $give } beadása
act-bank_get = 3 { $give } → 1 { $get }
act-offer = Cserejánlat
act-offer_give = Ajánlok +1 { $good }
act-offer_get = Kérek +1 { $good }
act-offer_send = Ajánlat elküldése
act-accept = Elfogadom
act-refuse = Elutasítom
act-back = Vissza
act-end_actions = Akció fázis vége
act-gain_good = Kapsz: { $good }
act-take_good = Elveszel: { $good }
act-lose_good = Elveszítesz: { $good }
act-skip = Kihagyom
act-trader_buy = 1 arany → { $good }
act-trader_sell = { $good } → 1 arany
act-theatre_yes = Színház: 1 arany, { $card } érvénytelen
act-theatre_no = Nem érvénytelenítem
act-spy_take = Elveszem: { $card }
act-landing = { $give } → { $get }
act-lodge = Visszateszem: { $card } ({ $pile }. pakli alá), elveszem: { $top }
act-voyage = Hajóút indítása
act-voyage_with = Hajóút: { $card }
act-draw = Húzás: { $pile }. pakli ({ $era }. korszak)
act-search = { $pile }. pakli átnézése ({ $era }. korszak, 1 arany)
act-centre = 1. faluközpont fizet { $one }, 2. faluközpont { $two } (marad: { $left1 } | { $left2 })
act-confirm_yes = Igen: elköltöm, és elvesztem a játékot
act-confirm_no = Nem, mégsem
act-swap = Csere: { $card } ({ $pile }. pakli alá)
act-pass = Kör vége
act-pick = Ezt választom: { $card }
act-tribute_pay = 1 arany fizetése
act-fight = Harc
act-buy = { $good } vásárlása { $price } aranyért
act-buy_none = Nem vásárolok
act-continue = Tovább hajózom
act-stop = Hazatérek

## prompts

prompt-roll = Dobj a kockákkal.
prompt-action = Építs, fejlessz, cserélj vagy játssz ki lapot — aztán zárd le az akció fázist.
prompt-end = Indíts hajóutat, vagy húzz 3 lapig.
prompt-draw = Húzz egy lapot.
prompt-guild = Céhház: válassz tájárut.
prompt-landing = Kikötő: cserélsz tájárut?
prompt-lodge = Páholy: cserélsz egy kézlapot a felső dobott lapra?
prompt-queen = Királynő: válassz tájárut.
prompt-hunt = Kalózvadászat: válassz tájárut.
prompt-trader = Kereskedő: cserélsz 1 aranyat és 1 tájárut?
prompt-take = Kereskedelmi előny: vegyél el egy tájárut.
prompt-inventor = Feltaláló: válassz tájárut.
prompt-poison = Méregkeverő: válaszd ki, melyik tájárut veszíted el.
prompt-theatre = Az ellenfeled ártó lapot játszott ki. Érvényteleníted a színházzal?
prompt-spy = Kém: vegyél el egy lapot az ellenfeled kezéből.
prompt-bankget = Bank: mit kérsz érte?
prompt-offer = Állítsd össze az ajánlatot, majd küldd el.
prompt-centre = Melyik faluközpontod fizesse az aranyat?
prompt-confirm = Ezzel az utolsó aranyadat költöd el: mindkét faluközpontodban lázongás tör ki, és azonnal veszítesz. Biztosan?
prompt-answer = Az ellenfeled cserét ajánl. Elfogadod?
prompt-pick = Válassz egy lapot a pakliból.
prompt-tribute = A kalózok sarcot követelnek: fizetsz 1 aranyat vagy harcolsz.
prompt-buy = Kereskedők: legfeljebb egy árut vehetsz.
prompt-next = Tovább hajózol vagy hazatérsz?
prompt-voyage = Hajóúton.
prompt-over = A játék véget ért.
prompt-wait = Várakozás: { $seat }.

## events

ev-roll = { $seat } dobása: { $number } és { $event }.
ev-produce = { $seat } termel: { $good }.
ev-blocked = { $seat }: lázongás miatt nem termel: { $good }.
ev-boost = { $seat }: { $card } → +1 { $good }.
ev-ship_up = { $seat } hajója { $state }. állapotú lett.
ev-fire_safe = { $seat } tűzoltóállomása eloltja a tüzet.
ev-fire_pay = Tűz: { $seat } { $gold } aranyat fizet.
ev-fire_none = Tűz: { $seat } játékosnak nincs polgára vagy üzletembere, nem fizet.
ev-tax_none = Adó: { $seat } játékosnak nincs boldog lakosa épületen, nem kap aranyat.
ev-advantage_none = Kereskedelmi előny: senkinél sincs a kereskedelmi fennhatóság jelző, nem történik semmi.
ev-advantage_empty = Kereskedelmi előny: { $victim } játékosnak nincs tájáruja, { $seat } nem vehet el semmit.
ev-hunt_none = Kalózvadászat: senkinél sincs a tengeri fennhatóság jelző, nem történik semmi.
ev-queen_no = A királynő nem segít { $seat } játékosnak: túl sok az elégedetlen lakos.
ev-queen_gain = A királynő ad { $seat } játékosnak: { $good }.
ev-hunt_gain = Kalózvadászat: { $seat } kap: { $good }.
ev-tax = Adó: { $seat } { $gold } aranyat kap.
ev-trader_buy = Kereskedő: { $seat } 1 aranyért vesz: { $good }.
ev-trader_sell = Kereskedő: { $seat } 1 aranyért elad: { $good }.
ev-take = Kereskedelmi előny: { $seat } elvesz { $victim } játékostól: { $good }.
ev-build = { $seat } épít: { $card }.
ev-build_gold = { $seat } { $gold } aranyat kap.
ev-upgrade = { $seat } lakost fejleszt: { $level }.
ev-ship_improve = { $seat } hajója { $old }. állapotból { $state }. állapotú lett.
ev-play = { $seat } kijátssza: { $card }.
ev-gold_gain = { $seat } { $gold } aranyat kap.
ev-gold_lose = { $seat } { $gold } aranyat veszít.
ev-pickpocket = { $seat } { $gold } aranyat lop { $victim } játékostól.
ev-theatre = { $seat } színháza érvényteleníti: { $card }.
ev-inventor_gain = Feltaláló: { $seat } kap: { $good }.
ev-poison_lose = Méregkeverő: { $seat } elveszít: { $good }.
ev-spy = { $seat } kémje elvesz egy lapot { $victim } kezéből.
ev-spy_private = A kémed ezt vette el: { $card }.
ev-guild_gain = Céhház: { $seat } kap: { $good }.
ev-landing = Kikötő: { $seat } cserél: { $give } → { $get }.
ev-lodge = Páholy: { $seat } elveszi a dobott lapok közül: { $card }.
ev-bank = { $seat } a bankkal cserél: 3 { $give } → 1 { $get }.
ev-amount = { $n } { $good }
ev-offer = { $seat } ajánlata: { $give } ezért: { $get }.
ev-accept = { $seat } elfogadja a cserét.
ev-refuse = { $seat } elutasítja a cserét.
ev-end_actions = { $seat } lezárja az akció fázist.
ev-turn = { $turn }. kör: { $seat } következik.
ev-draw = { $seat } húz { ARTICLE($pile) } { $pile }. pakliból.
ev-search = { $seat } 1 aranyért átnézi { ARTICLE($pile) } { $pile }. paklit.
ev-pick = { $seat } elvesz egy lapot { ARTICLE($pile) } { $pile }. pakliból.
ev-pick_private = Ezt választottad: { $card }.
ev-centre = { $seat } az 1. faluközpontból { $one }, a 2.-ból { $two } aranyat fizet (marad: { $left1 } | { $left2 }).
ev-swap = { $seat } egy lapot tesz { ARTICLE($pile) } { $pile }. pakli ({ $era }. korszak) alá.
ev-voyage = { $seat } hajóútra indul: sebesség { $speed }, harci erő { $fight }.
ev-voyage_bonus = { $card } a fedélzeten (+{ $n }).
ev-vcard = { $n }. utazás kártya: { $card }.
ev-vcard_power = { $card } (ágyúk: { $power })
ev-fight = Harc: { $seat } dobása { $die } → { $total }, a kalózoké { $pdie } → { $ptotal }.
ev-fight_win = { $seat } győz, és kap: { $n } { $good }.
ev-fight_lose = { $seat } elveszti a harcot.
ev-ship_damage = { $seat } hajója { $n } állapotot veszít, most { $state }.
ev-ship_repair = { $seat } hajója { $state }. állapotú lett.
ev-tornado_safe = A tornádó elkerüli { $seat } gyors hajóját.
ev-flotsam = Úszó rakomány: a dobás { $die }.
ev-shipwrecked_slow = { $seat } hajója nem gyorsabb: nincs jutalom.
ev-tribute_paid = { $seat } 1 aranyat fizet a kalózoknak.
ev-buy = { $seat } { $price } aranyért vesz: { $good }.
ev-wrecked = { $seat } hajója súlyosan megsérült.
ev-voyage_stop = { $seat } hazatér.
ev-voyage_end = A hajóút { $n } kártya után véget ér.
ev-token_taken = { $seat } megszerzi: { $token }.
ev-token_aside = Döntetlen: { $token } félretéve.
ev-win-glory = { $seat } eléri a 7 dicsőségpontot és nyer!
ev-win-merchants = { $seat } két üzletembert fejlesztett és nyer!
ev-win-riot = { $loser } mindkét faluközpontjában lázongás tört ki: { $seat } nyer!
ev-reason-glory = 7 dicsőségpont
ev-reason-merchants = két üzletember
ev-reason-riot = lázongás mindkét faluközpontban
ev-line-glory = Dicsőségpont: { $n }
ev-line-merchants = Üzletemberek: { $n }
ev-line-gold = Arany: { $n }
ev-line-won = Győzelem: { $reason }
ev-line-lost = Vereség: { $reason }

## renderer labels

label-turn = { $n }. kör
label-dice = Kockák
label-gold = Arany
label-ship = Hajó
label-wrecked = sérült
label-riot = LÁZONGÁS
label-glory = Dicsőség
label-unhappy = Elégedetlen
label-speed = Sebesség
label-sails = Vitorla
label-cannons = Ágyú
label-sacks = Pénzeszsák
label-happy = Boldog
label-hand = Kézben: { $n }
label-piles = Korszak paklik
label-supply = Lakos kártyák
label-discard = Dobott lapok: { $n }
label-voyage = Hajóút: { $n }/{ $speed }, harci erő { $fight }
label-your_hand = A kezed
label-searched = Átnézett pakli: { $n }.
label-spied = Az ellenfél keze (kém)
label-empty = üres
label-cost = Ár
label-winner = Győztes: { $seat }
label-price = { $good }: { $n } arany
label-legend = ⚀ kockaszám · ▲ vitorla · ⚔ ágyú · ♦ pénzeszsák · ☺ boldog lakos · ☹ elégedetlen lakos · ★ dicsőségpont · ①② faluközpont és az általa őrzött tájkártyák · ○ üres, ● tárolt
label-over = Vége a játéknak
label-score = { $seat }: { $glory } dicsőségpont · { $merchants } üzletember · { $gold } arany
label-no_tiebreak = Nincs holtverseny: a játék azonnal véget ér, amint valaki eléri a 7 dicsőségpontot vagy a két üzletembert, vagy valakinek mindkét faluközpontjában lázongás tör ki.
label-to_act = Következik: { $seat }
label-offer = Ajánlat: { $give } ⇄ { $get }

## private summary (offline console)

summary-hand = Kézben ({ $n }): { $cards }
summary-hand_empty = Kézben: nincs lap
summary-gold = Arany: { $n } (elégedetlen lakosok: { $unhappy })
summary-amount = { $good } { $n }
summary-goods = Tájáruk: { $goods }
summary-luxury = Rum: { $rum }, dohány: { $tobacco }
summary-ship = Hajó: { $state }. állapot, sebesség { $speed }, ágyúk { $cannons }
summary-searched = Átnézett { $pile }. pakli: { $cards }
summary-spied = Az ellenfél keze (kém): { $cards }
summary-none = nincs
