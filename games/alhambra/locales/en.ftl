### Alhambra messages: key (without the "alhambra." prefix) → (English, Hungarian).
###
### Hungarian card and action names follow the Piatnik rulebook (Pavilon, Szeráj,
### Árkádok, Palota, Kert, Torony; Építési udvar; Értékelő kártya).

name = Alhambra: The Card Game
rules =
    Goal: collect the most buildings of each type; majorities score three times.
    Set-up: four buildings face up in the building yard; each slot shows a currency (denar, dirham, dukat, gulden). Everyone draws starting money openly until 20 or more; the player with the fewest cards starts. Four money cards lie face up. Scoring card A is in the 2nd, B in the 4th of five piles of the money deck.
    Your turn: exactly one action. Take money: one card of any value, or several whose total is at most 5. Or buy a face-up building: pay at least its price in the currency of its slot; no change is given. Exact payment gives you another action (at most 5 a turn). Buildings and money are refilled to four only when your turn ends.
    Scoring: when A or B is revealed it is scored at once. A: most buildings of a type; B: first and second; C at the end: first, second and third. You need at least one building of a type. Tied players share the points of their places, rounded down.
    End: when the yard cannot be refilled to four, each remaining building goes to the player with the most money of its currency (a tie leaves it), then C is scored. Most points wins; ties share the win.
    2 players: 72 money cards; a neutral player gets 6 buildings at set-up, 6 after A and 2 after B, scores like a player, and you may give him a building you have just bought.

## components

currency-denar = Denar
currency-dirham = Dirham
currency-dukat = Dukat
currency-gulden = Gulden
building-pavilion = Pavilion
building-seraglio = Seraglio
building-arcades = Arcades
building-chambers = Chambers
building-garden = Garden
building-tower = Tower
money = { $currency } { $value }
building_price = { $building } ({ $price })
neutral = Neutral player
part = { $building } { $points }

## labels

label-take = Take { $cards }
label-buy_exact = Buy { $building } from slot { $slot }: pay { $currency } { $paid } exactly (extra action)
label-buy_over = Buy { $building } from slot { $slot }: pay { $currency } { $paid } ({ $over } lost)
label-keep = Keep { $building }
label-gift = Give { $building } to the neutral player
label-pass = Pass (nothing possible)

## prompts

prompt-act = Your turn: take money or buy a building.
prompt-bonus = Exact payment! Action { $n } of at most 5: you must act again — take money or buy.
prompt-gift = Keep { $building } or give it to the neutral player?
prompt-wait = Waiting for { $seat }.
prompt-over = The game is over.

## events

ev-capital = { $seat } draws starting money openly: { $cards } (total { $total }).
ev-start = { $seat } has the fewest cards ({ $cards }, total { $total }) and starts.
ev-start_tie = { $seats } tie for the fewest cards and the lowest total; counting in seat order from { $pick } (chosen at random), { $seat } starts.
ev-piles = The money deck is split into 5 piles ({ $sizes } cards with the scoring cards): A is in pile 2, B in pile 4.
ev-take = { $seat } takes { $cards }.
ev-buy = { $seat } buys { $building }, paying { $currency } { $paid }.
ev-exact = Exact payment: { $seat } takes action { $n }.
ev-gift = { $seat } gives { $building } to the neutral player.
ev-pass = { $seat } can do nothing and passes.
ev-yard = New in the building yard: { $buildings }.
ev-row = New money cards: { $cards }.
ev-reshuffle = The money deck ran out: the discard pile ({ $n ->
        [one] { $n } card
       *[other] { $n } cards
    }) is shuffled into a new deck.
ev-scoring = Scoring { $round }!
ev-score_line = { $who }: +{ $points } ({ $parts }).
ev-neutral_gets = The neutral player receives: { $buildings }.
ev-game_end = The building yard cannot be refilled to four: the game ends.
ev-leftover = { $seat } holds the most { $currency } ({ $amount }) and receives { $building }.
ev-leftover_stays = { $building } stays: nobody holds the most { $currency }.
ev-winner = { $count ->
        [one] Winner
       *[other] Winners
    }: { $seats } with { $points ->
        [one] { $points } point
       *[other] { $points } points
    }!

## outcome details

detail-round = Scoring { $round }: { $points }
detail-total = Total: { $points }

## reasons for illegal actions

reason-over = The game is over.
reason-gift_pending = First keep the building or give it to the neutral player.
reason-bad_action = That is not an Alhambra action now.
reason-take = Take one card, or several worth at most 5 together, from the face-up money.
reason-slot_empty = There is no building in that slot.
reason-not_your_cards = You do not hold those money cards.
reason-payment = Pay at least { $price } in { $currency }.

## renderer

r-yard = Building yard
r-money_row = Money
r-deck = Deck { $n }
r-discard = Discard { $n }
r-bdeck = Buildings left: { $n }
r-turn = { $seat } to play
r-turn_bonus = { $seat } to play (action { $n })
r-turn_gift = { $seat }: keep or give { $building }?
r-over = Game over
r-over_winner = Game over — { $count ->
        [one] winner
       *[other] winners
    }: { $seats } ({ $points })
r-next_scoring = Scoring { $card } is in pile { $pile }: card { $lo }–{ $hi } from the top
r-next_scoring_in = Scoring { $card } is in pile { $pile }: { $hi ->
        [one] the top card
       *[other] within the top { $hi } cards
    }
r-final_next = Scoring C at the end of the game
r-hand = { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }
r-points = A { $a } · B { $b } · C { $c } · total { $total }
r-your_money = Your money ({ $n ->
        [one] { $n } card
       *[other] { $n } cards
    })
r-no_money = No money cards.
r-sum = total { $total }
r-empty = empty
r-pay_exact = exact payment possible ✓
r-pay_over = payable (not exactly)
r-pay_short = { $n } short
r-start = start player
r-not_competing = not competing (imaginary 3rd player)
r-stake_legend = Under each type: points at stake — A 1st · B 1st/2nd, then C 1st/2nd/3rd
r-result = Result
r-result_line = { $rank }. { $seat } — { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
r-result_win = { $count ->
        [one] Winner
       *[other] Winners
    }: { $seats }
r-result_tie = Tiebreak: none — players tied on points share the win

## private summary (offline console)

summary-money = Your money: { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }
summary-no_money = Your money: no cards
summary-currency = { $currency }: { $values } (total { $total })
summary-currency_one = { $currency }: { $value }
summary-exact = Exact payment possible: { $buildings }
