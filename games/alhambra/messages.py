"""Alhambra messages: key (without the "alhambra." prefix) → (English, Hungarian).

Hungarian card and action names follow the Piatnik rulebook (Pavilon, Szeráj,
Árkádok, Palota, Kert, Torony; Építési udvar; Értékelő kártya).
"""

MESSAGES: dict[str, tuple[str, str]] = {
    "name": ("Alhambra: The Card Game", "Alhambra kártyajáték"),
    "rules": (
        "Goal: collect the most buildings of each type; majorities score three times.\n"
        "Set-up: four buildings face up in the building yard; each slot shows a currency "
        "(denar, dirham, dukat, gulden). Everyone draws starting money openly until 20 or more; "
        "the player with the fewest cards starts. Four money cards lie face up. Scoring card A "
        "is in the 2nd, B in the 4th of five piles of the money deck.\n"
        "Your turn: exactly one action. Take money: one card of any value, or several whose "
        "total is at most 5. Or buy a face-up building: pay at least its price in the currency "
        "of its slot; no change is given. Exact payment gives you another action (at most 5 a "
        "turn). Buildings and money are refilled to four only when your turn ends.\n"
        "Scoring: when A or B is revealed it is scored at once. A: most buildings of a type; "
        "B: first and second; C at the end: first, second and third. You need at least one "
        "building of a type. Tied players share the points of their places, rounded down.\n"
        "End: when the yard cannot be refilled to four, each remaining building goes to the "
        "player with the most money of its currency (a tie leaves it), then C is scored. Most "
        "points wins; ties share the win.\n"
        "2 players: 72 money cards; a neutral player gets 6 buildings at set-up, 6 after A and "
        "2 after B, scores like a player, and you may give him a building you have just bought.",
        "Cél: minél több épületlapot gyűjteni típusonként; a többségek háromszor pontot érnek.\n"
        "Előkészítés: négy épületlap felfordítva az Építési udvarnál; minden hely egy pénznemet "
        "mutat (dénár, dirham, dukát, gulden). Mindenki nyíltan húz kezdőtőkét, amíg el nem éri "
        "a 20-at; a legkevesebb lappal rendelkező kezd. Négy pénzkártya fekszik felfordítva. Az "
        "„A” értékelő kártya az 5 pakliból a 2.-ban, a „B” a 4.-ben van.\n"
        "A lépésed: pontosan egy akció. Pénz felvétele: egy tetszőleges lap, vagy több, ha "
        "összértékük legfeljebb 5. Vagy épületlap vásárlása: fizess legalább az árát a hely "
        "pénznemében; visszajáró nincs. Pontos fizetésnél újra te jössz (legfeljebb 5 akció "
        "egy lépésben). Az épületeket és a pénzt csak a lépésed végén kell 4-re kiegészíteni.\n"
        "Értékelés: az „A” vagy „B” kártya felfordításakor azonnal értékelés. A: a legtöbb "
        "épület típusonként; B: első és második; C a végén: első, második, harmadik. Legalább "
        "egy épület kell a típusból. Egyezőségnél a helyezések pontjai összeadódnak és "
        "elosztódnak, lefelé kerekítve.\n"
        "Vége: ha az udvart nem lehet 4-re kiegészíteni, a maradt épületet az kapja, akinél a "
        "legtöbb van a pénznemből (egyezőségnél marad), majd jön a „C” értékelés. A legtöbb pont "
        "nyer; egyezőségnél több nyertes van.\n"
        "2 játékos: 72 pénzkártya; a képzelt harmadik játékos (Sanyi) 6 épületet kap kezdéskor, "
        "6-ot az „A” és 2-t a „B” után, pontot kap, és neki ajándékozhatod a frissen vett épületet.",
    ),
    # components
    "currency.denar": ("Denar", "Dénár"),
    "currency.dirham": ("Dirham", "Dirham"),
    "currency.dukat": ("Dukat", "Dukát"),
    "currency.gulden": ("Gulden", "Gulden"),
    "building.pavilion": ("Pavilion", "Pavilon"),
    "building.seraglio": ("Seraglio", "Szeráj"),
    "building.arcades": ("Arcades", "Árkádok"),
    "building.chambers": ("Chambers", "Palota"),
    "building.garden": ("Garden", "Kert"),
    "building.tower": ("Tower", "Torony"),
    "money": ("{currency} {value}", "{currency} {value}"),
    "building_price": ("{building} ({price})", "{building} ({price})"),
    "neutral": ("Neutral player", "Képzelt játékos (Sanyi)"),
    "part": ("{building} {points}", "{building} {points}"),
    # labels
    "label.take": ("Take {cards}", "Pénz felvétele: {cards}"),
    "label.buy_exact": ("Buy {building} from slot {slot}: pay {currency} {paid} exactly (extra action)",
                        "{building} vásárlása a(z) {slot}. helyről: {currency} {paid} pontosan (újabb akció)"),
    "label.buy_over": ("Buy {building} from slot {slot}: pay {currency} {paid} ({over} lost)",
                       "{building} vásárlása a(z) {slot}. helyről: {currency} {paid} ({over} elvész)"),
    "label.keep": ("Keep {building}", "{building} megtartása"),
    "label.gift": ("Give {building} to the neutral player", "{building} odaajándékozása Sanyinak"),
    "label.pass": ("Pass (nothing possible)", "Passz (nincs lehetséges akció)"),
    # prompts
    "prompt.act": ("Your turn: take money or buy a building.",
                   "Te következel: vegyél fel pénzt vagy vásárolj épületlapot."),
    "prompt.bonus": ("Exact payment! Action {n} of at most 5: you must act again — take money or buy.",
                     "Pontos fizetés! {n}. akció (legfeljebb 5): ismét lépned kell — pénz vagy vásárlás."),
    "prompt.gift": ("Keep {building} or give it to the neutral player?",
                    "Megtartod a(z) {building} lapot, vagy Sanyinak ajándékozod?"),
    "prompt.wait": ("Waiting for {seat}.", "{seat} következik."),
    "prompt.over": ("The game is over.", "A játék véget ért."),
    # events
    "ev.capital": ("{seat} draws starting money openly: {cards} (total {total}).",
                   "{seat} nyíltan húzza kezdőtőkéjét: {cards} (összesen {total})."),
    "ev.start": ("{seat} has the fewest cards ({cards}, total {total}) and starts.",
                 "{seat} kezd, neki van a legkevesebb lapja ({cards}, összesen {total})."),
    "ev.start_tie": ("{seats} tie for the fewest cards and the lowest total; counting in seat order "
                     "from {pick} (chosen at random), {seat} starts.",
                     "{seats} egyformán a legkevesebb lappal és összeggel; a véletlenül választott "
                     "{pick} helyétől ülésrendben számolva {seat} kezd."),
    "ev.piles": ("The money deck is split into 5 piles ({sizes} cards with the scoring cards): "
                 "A is in pile 2, B in pile 4.",
                 "A pénzpakli 5 paklira oszlik ({sizes} lap az értékelő kártyákkal): "
                 "az „A” a 2., a „B” a 4. pakliban van."),
    "ev.take": ("{seat} takes {cards}.", "{seat} felveszi: {cards}."),
    "ev.buy": ("{seat} buys {building}, paying {currency} {paid}.",
               "{seat} megvásárolja: {building}, fizet: {currency} {paid}."),
    "ev.exact": ("Exact payment: {seat} takes action {n}.",
                 "Pontos fizetés: {seat} jön ismét ({n}. akció)."),
    "ev.gift": ("{seat} gives {building} to the neutral player.",
                "{seat} Sanyinak ajándékozza: {building}."),
    "ev.pass": ("{seat} can do nothing and passes.", "{seat} nem tud lépni, passzol."),
    "ev.yard": ("New in the building yard: {buildings}.", "Új épületlapok az udvarnál: {buildings}."),
    "ev.row": ("New money cards: {cards}.", "Új pénzkártyák: {cards}."),
    "ev.reshuffle": ("The money deck ran out: the discard pile ({n} cards) is shuffled into a new deck.",
                     "Elfogyott a pénzpakli: a lerakott {n} lapot megkeverve új pakli lesz."),
    "ev.scoring": ("Scoring {round}!", "„{round}” értékelés!"),
    "ev.score_line": ("{who}: +{points} ({parts}).", "{who}: +{points} ({parts})."),
    "ev.neutral_gets": ("The neutral player receives: {buildings}.", "Sanyi épületlapokat kap: {buildings}."),
    "ev.game_end": ("The building yard cannot be refilled to four: the game ends.",
                    "Az épületlapokat nem lehet 4-re kiegészíteni: a játék véget ér."),
    "ev.leftover": ("{seat} holds the most {currency} ({amount}) and receives {building}.",
                    "{seat} kezében van a legtöbb {currency} ({amount}), megkapja: {building}."),
    "ev.leftover_stays": ("{building} stays: nobody holds the most {currency}.",
                          "{building} az asztalon marad: nincs egyértelmű többség ({currency})."),
    "ev.winner": ("Winner: {seats} with {points} points!", "Győztes: {seats}, {points} ponttal!"),
    # outcome details
    "detail.round": ("Scoring {round}: {points}", "„{round}” értékelés: {points}"),
    "detail.total": ("Total: {points}", "Összesen: {points}"),
    # reasons for illegal actions
    "reason.over": ("The game is over.", "A játék véget ért."),
    "reason.gift_pending": ("First keep the building or give it to the neutral player.",
                            "Előbb döntsd el: megtartod az épületet vagy Sanyinak adod."),
    "reason.bad_action": ("That is not an Alhambra action now.", "Ez most nem érvényes lépés."),
    "reason.take": ("Take one card, or several worth at most 5 together, from the face-up money.",
                    "Egy lapot vehetsz fel, vagy többet, ha összértékük legfeljebb 5."),
    "reason.slot_empty": ("There is no building in that slot.", "Azon a helyen nincs épületlap."),
    "reason.not_your_cards": ("You do not hold those money cards.", "Ezek a pénzkártyák nincsenek nálad."),
    "reason.payment": ("Pay at least {price} in {currency}.", "Legalább {price} kell fizetni, {currency} pénznemben."),
    # renderer
    "r.yard": ("Building yard", "Építési udvar"),
    "r.money_row": ("Money", "Pénzkártyák"),
    "r.deck": ("Deck {n}", "Pakli {n}"),
    "r.discard": ("Discard {n}", "Lerakott {n}"),
    "r.bdeck": ("Buildings left: {n}", "Maradék épületlap: {n}"),
    "r.turn": ("{seat} to play", "{seat} következik"),
    "r.turn_bonus": ("{seat} to play (action {n})", "{seat} következik ({n}. akció)"),
    "r.turn_gift": ("{seat}: keep or give {building}?", "{seat}: megtartja vagy Sanyinak adja: {building}?"),
    "r.over": ("Game over", "Vége a játéknak"),
    "r.over_winner": ("Game over — winner: {seats} ({points})", "Vége — győztes: {seats} ({points})"),
    "r.next_scoring": ("Scoring {card} is in pile {pile}: card {lo}–{hi} from the top",
                       "„{card}” értékelő kártya: {pile}. pakli, felülről a {lo}–{hi}. lap"),
    "r.next_scoring_in": ("Scoring {card} is in pile {pile}: within the top {hi} cards",
                          "„{card}” értékelő kártya: {pile}. pakli, a felső {hi} lapban"),
    "r.final_next": ("Scoring C at the end of the game", "„C” értékelés a játék végén"),
    "r.hand": ("{n} cards", "{n} lap"),
    "r.points": ("A {a} · B {b} · C {c} · total {total}", "A {a} · B {b} · C {c} · össz. {total}"),
    "r.your_money": ("Your money ({n} cards)", "A pénzed ({n} lap)"),
    "r.no_money": ("No money cards.", "Nincs pénzkártyád."),
    "r.sum": ("total {total}", "összesen {total}"),
    "r.empty": ("empty", "üres"),
    "r.pay_exact": ("exact payment possible ✓", "pontosan fizethető ✓"),
    "r.pay_over": ("payable (not exactly)", "kifizethető (nem pontosan)"),
    "r.pay_short": ("{n} short", "{n} hiányzik"),
    "r.start": ("start player", "kezdő játékos"),
    "r.not_competing": ("not competing (imaginary 3rd player)", "nem versenyez (képzeletbeli 3. játékos)"),
    "r.stake_legend": ("Under each type: points at stake — A 1st · B 1st/2nd, then C 1st/2nd/3rd",
                       "Típusonként: kapható pontok — A 1. · B 1./2., alatta C 1./2./3. hely"),
    "r.result": ("Result", "Eredmény"),
    "r.result_line": ("{rank}. {seat} — {points} points", "{rank}. {seat} — {points} pont"),
    "r.result_win": ("Winner: {seats}", "Győztes: {seats}"),
    "r.result_tie": ("Tiebreak: none — players tied on points share the win",
                     "Holtverseny: nincs döntés — az azonos pontszámúak mind nyertesek"),
    # private summary (offline console)
    "summary.money": ("Your money: {n} cards", "A pénzed: {n} lap"),
    "summary.no_money": ("Your money: no cards", "A pénzed: nincs pénzkártyád"),
    "summary.currency": ("{currency}: {values} (total {total})", "{currency}: {values} (összesen {total})"),
    "summary.currency_one": ("{currency}: {value}", "{currency}: {value}"),
    "summary.exact": ("Exact payment possible: {buildings}", "Pontosan fizethető: {buildings}"),
}
