### Alhambra messages: key (without the "alhambra." prefix) → (English, Hungarian).
###
### Hungarian card and action names follow the Piatnik rulebook (Pavilon, Szeráj,
### Árkádok, Palota, Kert, Torony; Építési udvar; Értékelő kártya).

name = Alhambra kártyajáték
rules =
    Cél: minél több épületlapot gyűjteni típusonként; a többségek háromszor pontot érnek.
    Előkészítés: négy épületlap felfordítva az Építési udvarnál; minden hely egy pénznemet mutat (dénár, dirham, dukát, gulden). Mindenki nyíltan húz kezdőtőkét, amíg el nem éri a 20-at; a legkevesebb lappal rendelkező kezd. Négy pénzkártya fekszik felfordítva. Az „A” értékelő kártya az 5 pakliból a 2.-ban, a „B” a 4.-ben van.
    A lépésed: pontosan egy akció. Pénz felvétele: egy tetszőleges lap, vagy több, ha összértékük legfeljebb 5. Vagy épületlap vásárlása: fizess legalább az árát a hely pénznemében; visszajáró nincs. Pontos fizetésnél újra te jössz (legfeljebb 5 akció egy lépésben). Az épületeket és a pénzt csak a lépésed végén kell 4-re kiegészíteni.
    Értékelés: az „A” vagy „B” kártya felfordításakor azonnal értékelés. A: a legtöbb épület típusonként; B: első és második; C a végén: első, második, harmadik. Legalább egy épület kell a típusból. Egyezőségnél a helyezések pontjai összeadódnak és elosztódnak, lefelé kerekítve.
    Vége: ha az udvart nem lehet 4-re kiegészíteni, a maradt épületet az kapja, akinél a legtöbb van a pénznemből (egyezőségnél marad), majd jön a „C” értékelés. A legtöbb pont nyer; egyezőségnél több nyertes van.
    2 játékos: 72 pénzkártya; a képzelt harmadik játékos (Sanyi) 6 épületet kap kezdéskor, 6-ot az „A” és 2-t a „B” után, pontot kap, és neki ajándékozhatod a frissen vett épületet.

## components

currency-denar = Dénár
currency-dirham = Dirham
currency-dukat = Dukát
currency-gulden = Gulden
building-pavilion = Pavilon
building-seraglio = Szeráj
building-arcades = Árkádok
building-chambers = Palota
building-garden = Kert
building-tower = Torony
money = { $currency } { $value }
building_price = { $building } ({ $price })
neutral = Képzelt játékos (Sanyi)
part = { $building } { $points }

## labels

label-take = Pénz felvétele: { $cards }
label-buy_exact = { $building } vásárlása { ARTICLE($slot) } { $slot }. helyről: { $currency } { $paid } pontosan (újabb akció)
label-buy_over = { $building } vásárlása { ARTICLE($slot) } { $slot }. helyről: { $currency } { $paid } ({ $over } elvész)
label-keep = { $building } megtartása
label-gift = { $building } odaajándékozása Sanyinak
label-pass = Passz (nincs lehetséges akció)

## prompts

prompt-act = Te következel: vegyél fel pénzt vagy vásárolj épületlapot.
prompt-bonus = Pontos fizetés! { $n }. akció (legfeljebb 5): ismét lépned kell — pénz vagy vásárlás.
prompt-gift = Megtartod { ARTICLE($building) } { $building } lapot, vagy Sanyinak ajándékozod?
prompt-wait = { $seat } következik.
prompt-over = A játék véget ért.

## events

ev-capital = { $seat } nyíltan húzza kezdőtőkéjét: { $cards } (összesen { $total }).
ev-start = { $seat } kezd, neki van a legkevesebb lapja ({ $cards }, összesen { $total }).
ev-start_tie = { $seats } egyformán a legkevesebb lappal és összeggel; a véletlenül választott { $pick } helyétől ülésrendben számolva { $seat } kezd.
ev-piles = A pénzpakli 5 paklira oszlik ({ $sizes } lap az értékelő kártyákkal): az „A” a 2., a „B” a 4. pakliban van.
ev-take = { $seat } felveszi: { $cards }.
ev-buy = { $seat } megvásárolja: { $building }, fizet: { $currency } { $paid }.
ev-exact = Pontos fizetés: { $seat } jön ismét ({ $n }. akció).
ev-gift = { $seat } Sanyinak ajándékozza: { $building }.
ev-pass = { $seat } nem tud lépni, passzol.
ev-yard = Új épületlapok az udvarnál: { $buildings }.
ev-row = Új pénzkártyák: { $cards }.
ev-reshuffle = Elfogyott a pénzpakli: a lerakott { $n } lapot megkeverve új pakli lesz.
ev-scoring = „{ $round }” értékelés!
ev-score_line = { $who }: +{ $points } ({ $parts }).
ev-neutral_gets = Sanyi épületlapokat kap: { $buildings }.
ev-game_end = Az épületlapokat nem lehet 4-re kiegészíteni: a játék véget ér.
ev-leftover = { $seat } kezében van a legtöbb { $currency } ({ $amount }), megkapja: { $building }.
ev-leftover_stays = { $building } az asztalon marad: nincs egyértelmű többség ({ $currency }).
ev-winner = { $count ->
        [one] Győztes
       *[other] Győztesek
    }: { $seats }, { $points } ponttal!

## outcome details

detail-round = „{ $round }” értékelés: { $points }
detail-total = Összesen: { $points }

## reasons for illegal actions

reason-over = A játék véget ért.
reason-gift_pending = Előbb döntsd el: megtartod az épületet vagy Sanyinak adod.
reason-bad_action = Ez most nem érvényes lépés.
reason-take = Egy lapot vehetsz fel, vagy többet, ha összértékük legfeljebb 5.
reason-slot_empty = Azon a helyen nincs épületlap.
reason-not_your_cards = Ezek a pénzkártyák nincsenek nálad.
reason-payment = Legalább { $price } kell fizetni, { $currency } pénznemben.

## renderer

r-yard = Építési udvar
r-money_row = Pénzkártyák
r-deck = Pakli { $n }
r-discard = Lerakott { $n }
r-bdeck = Maradék épületlap: { $n }
r-turn = { $seat } következik
r-turn_bonus = { $seat } következik ({ $n }. akció)
r-turn_gift = { $seat }: megtartja vagy Sanyinak adja: { $building }?
r-over = Vége a játéknak
r-over_winner = Vége — { $count ->
        [one] győztes
       *[other] győztesek
    }: { $seats } ({ $points })
r-next_scoring = „{ $card }” értékelő kártya: { $pile }. pakli, felülről { ARTICLE($lo) } { $lo }–{ $hi }. lap
r-next_scoring_in = „{ $card }” értékelő kártya: { $pile }. pakli, a felső { $hi } lapban
r-final_next = „C” értékelés a játék végén
r-hand = { $n } lap
r-points = A { $a } · B { $b } · C { $c } · össz. { $total }
r-your_money = A pénzed ({ $n } lap)
r-no_money = Nincs pénzkártyád.
r-sum = összesen { $total }
r-empty = üres
r-pay_exact = pontosan fizethető ✓
r-pay_over = kifizethető (nem pontosan)
r-pay_short = { $n } hiányzik
r-start = kezdő játékos
r-not_competing = nem versenyez (képzeletbeli 3. játékos)
r-stake_legend = Típusonként: kapható pontok — A 1. · B 1./2., alatta C 1./2./3. hely
r-result = Eredmény
r-result_line = { $rank }. { $seat } — { $points } pont
r-result_win = { $count ->
        [one] Győztes
       *[other] Győztesek
    }: { $seats }
r-result_tie = Holtverseny: nincs döntés — az azonos pontszámúak mind nyertesek

## private summary (offline console)

summary-money = A pénzed: { $n } lap
summary-no_money = A pénzed: nincs pénzkártyád
summary-currency = { $currency }: { $values } (összesen { $total })
summary-currency_one = { $currency }: { $value }
summary-exact = Pontosan fizethető: { $buildings }
