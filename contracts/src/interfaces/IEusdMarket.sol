// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Amounts stay event data (topics are for filtering).
/* solhint-disable gas-indexed-events */

/// @title IEusdMarket
/// @author ETERNO
/// @notice The EUSD market (ECONOMY §8): an escrow order book where sellers list EUSD at a unit price in
///         USDT and buyers take all or part of an order. Quantities are multiples of {LOT} (10 whole EUSD);
///         a unit price is the USDT (base units) paid for one whole EUSD, and a fill of `quantity` costs
///         `quantity * unitPrice / 10**decimals` USDT, exact because `quantity` is a multiple of a whole
///         EUSD. The seller pays the order's fee (its rate fixed at listing) out of that cost; the buyer
///         gets a discount reward in EUSD from a funded reserve (never more than the reserve holds, never
///         more than the fill's fee, so a wash trade never earns).
interface IEusdMarket {
    /// @notice `seller` escrowed `quantity` EUSD in a new order `orderId` at `unitPrice`.
    /// @param orderId The order's id (sequential from 1).
    /// @param seller The seller.
    /// @param quantity The EUSD escrowed (a multiple of {LOT}).
    /// @param unitPrice USDT base units per whole EUSD.
    /// @param feeBps The seller fee rate of this order (basis points, fixed at listing).
    event Listed(uint256 indexed orderId, address indexed seller, uint256 quantity, uint256 unitPrice, uint256 feeBps);

    /// @notice `buyer` took `quantity` of order `orderId`.
    /// @param orderId The order.
    /// @param buyer The buyer.
    /// @param seller The order's seller.
    /// @param quantity The EUSD bought (a multiple of {LOT}).
    /// @param cost The USDT the buyer paid (`fee` of it to the market, the rest to the seller).
    /// @param fee The seller fee kept by the market, in USDT.
    /// @param reward The EUSD discount reward paid to the buyer from the reserve.
    /// @param remaining What the order still holds after the fill.
    event Filled(
        uint256 indexed orderId,
        address indexed buyer,
        address indexed seller,
        uint256 quantity,
        uint256 cost,
        uint256 fee,
        uint256 reward,
        uint256 remaining
    );

    /// @notice The seller cancelled order `orderId`; `refunded` EUSD went back to them.
    /// @param orderId The order.
    /// @param seller The seller.
    /// @param refunded The EUSD returned (what the order still held).
    event Cancelled(uint256 indexed orderId, address indexed seller, uint256 refunded);

    /// @notice The owner set the market's parameters (they apply to orders listed from now on; the reward
    ///         rate to fills from now on).
    /// @param maxUnitPrice The highest unit price a new order may have.
    /// @param sellerFeeBps The seller fee of new orders (basis points).
    /// @param rewardBps The buyer's discount reward (basis points of the quantity bought).
    event ParametersSet(uint256 maxUnitPrice, uint256 sellerFeeBps, uint256 rewardBps);

    /// @notice `from` added `amount` EUSD to the reward reserve.
    /// @param from Who paid it.
    /// @param amount The amount.
    event ReserveFunded(address indexed from, uint256 amount);

    /// @notice The owner took `amount` EUSD out of the reward reserve.
    /// @param to The receiver.
    /// @param amount The amount.
    event ReserveWithdrawn(address indexed to, uint256 amount);

    /// @notice The owner took `amount` USDT of the accrued seller fees.
    /// @param to The receiver.
    /// @param amount The amount.
    event FeesWithdrawn(address indexed to, uint256 amount);

    /// @notice Escrows `quantity` EUSD from the caller in a new order at `unitPrice`.
    /// @param quantity The EUSD to sell (a non-zero multiple of {LOT}).
    /// @param unitPrice USDT base units per whole EUSD (non-zero, at most the max unit price).
    /// @return orderId The new order's id.
    function list(uint256 quantity, uint256 unitPrice) external returns (uint256 orderId);

    /// @notice Buys `quantity` EUSD of order `orderId`, paying USDT; reverts if its unit price is above
    ///         `maxUnitPrice`.
    /// @param orderId The order.
    /// @param quantity The EUSD to buy (a non-zero multiple of {LOT}, at most what the order holds).
    /// @param maxUnitPrice The highest unit price the buyer accepts.
    function buy(uint256 orderId, uint256 quantity, uint256 maxUnitPrice) external;

    /// @notice Cancels the caller's order `orderId` and returns what it still holds (works while paused).
    /// @param orderId The order.
    function cancel(uint256 orderId) external;

    /// @notice Adds `amount` EUSD from the caller to the reward reserve.
    /// @param amount The amount.
    function fundReserve(uint256 amount) external;

    /// @notice One order.
    /// @param orderId The order.
    /// @return seller The seller (zero for an id never used).
    /// @return unitPrice USDT base units per whole EUSD.
    /// @return remaining The EUSD it still holds (zero once filled or cancelled).
    /// @return feeBps Its seller fee rate.
    function orderOf(uint256 orderId)
        external
        view
        returns (address seller, uint256 unitPrice, uint256 remaining, uint256 feeBps);

    /// @notice What a fill of `quantity` of order `orderId` would move now.
    /// @param orderId The order.
    /// @param quantity The EUSD to buy.
    /// @return cost The USDT the buyer pays.
    /// @return fee The part of `cost` kept as the seller fee.
    /// @return reward The EUSD reward the buyer would get.
    function quote(uint256 orderId, uint256 quantity) external view returns (uint256 cost, uint256 fee, uint256 reward);

    /// @notice The market's parameters and counters.
    /// @return maxUnitPrice The highest unit price a new order may have.
    /// @return sellerFeeBps The seller fee of new orders (basis points).
    /// @return rewardBps The buyer's discount reward (basis points of the quantity).
    /// @return nextOrderId The id the next order will get.
    function parameters()
        external
        view
        returns (uint256 maxUnitPrice, uint256 sellerFeeBps, uint256 rewardBps, uint256 nextOrderId);

    /// @notice The EUSD reward reserve and the USDT fees accrued.
    /// @return rewardReserve EUSD available for buyer rewards.
    /// @return feesAccrued USDT seller fees not yet withdrawn.
    function reserves() external view returns (uint256 rewardReserve, uint256 feesAccrued);

    /// @notice The trading lot: quantities are multiples of it (10 whole EUSD).
    /// @return The lot in EUSD base units.
    function LOT() external view returns (uint256);
}
